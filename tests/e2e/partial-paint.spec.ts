import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";

// A browser may paint a page before its HTML has all arrived: on a slow network, or when a busy
// CPU makes the parser yield. A paint of half a header or half a hero, then the rest, moves what
// the visitor already saw (a layout shift). The server asks the browser not to paint before the
// document has arrived up to the footer's last line (app/root.tsx, `<link rel="expect">`), and the
// hero does not depend on its text having arrived to place its image (docs/performance.md,
// "Hydration").
//
// These tests force the slow case: a loopback proxy in front of the test server sends each HTML
// document in small pieces with a pause after each, so the browser gets every chance to paint
// part of it. Whatever it paints must not move afterwards.

const PIECE_BYTES = 1_500;
const PAUSE_MS = 15;

let proxy: Server;
let origin = "";

test.beforeAll(async ({ baseURL }) => {
  const upstream = baseURL ?? "";
  proxy = createServer(async (request, response) => {
    const answer = await fetch(`${upstream}${request.url}`, {
      headers: Object.fromEntries(
        Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      ),
      redirect: "manual",
    });
    const headers = Object.fromEntries(
      [...answer.headers].filter(([name]) => !["content-encoding", "content-length"].includes(name)),
    );
    response.writeHead(answer.status, headers);
    const body = new Uint8Array(await answer.arrayBuffer());
    const html = (answer.headers.get("content-type") ?? "").startsWith("text/html");
    for (let at = 0; at < body.length; at += html ? PIECE_BYTES : body.length) {
      response.write(body.subarray(at, html ? at + PIECE_BYTES : body.length));
      if (html) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    response.end();
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
});

for (const path of [
  "/en/",
  "/es/events/",
  "/val/event/marea-alta-gira-mediterrania/",
  "/en/about/",
  "/es/contact/",
  "/en/login/",
]) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`${path} at ${viewport.width}px arriving in pieces: nothing painted moves`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await recordLayoutShifts(page);
      await page.goto(`${origin}${path}`);
      await page.waitForLoadState("load");
      // The page has painted; then one more frame after the complete document, and the verdict.
      expect(await page.evaluate(() => performance.getEntriesByName("first-paint").length)).toBe(1);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
      expect(await layoutShifts(page)).toEqual([]);
    });
  }
}
