import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "./hold-requests";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";

// The site font (app/lib/site-font.ts): every page, the first of a visit included, declares
// Archivo and preloads its file; until the file is there, text is set in the metric-matched
// "Archivo Fallback" (app/styles/tokens.css), and the swap moves nothing.

const FONT_FILE = /\/assets\/archivo-latin-wght-normal-[\w-]+\.woff2$/;
/** Chromium names the variable face by the instance it drew ("Archivo SemiBold"). */
const ARCHIVO = /^Archivo( \w+)?$/;

/**
 * The faces Chromium drew an element's text with (DevTools' "Rendered fonts"). A page that just
 * rendered may still replace the element (a block hydrating): DevTools then no longer knows the
 * node it found, and the element is looked up again.
 */
async function platformFonts(page: Page, selector: string) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("DOM.enable");
  await devtools.send("CSS.enable");
  try {
    for (let attempt = 1; ; attempt += 1) {
      const { root } = await devtools.send("DOM.getDocument");
      const { nodeId } = await devtools.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      expect(nodeId, selector).toBeGreaterThan(0);
      try {
        return (await devtools.send("CSS.getPlatformFontsForNode", { nodeId })).fonts;
      } catch (error) {
        if (attempt === 5 || !String(error).includes("Could not find node")) throw error;
      }
    }
  } finally {
    await devtools.detach();
  }
}

const renderedFamilies = async (page: Page, selector: string) =>
  (await platformFonts(page, selector)).map((font) => font.familyName);

/** The first event page the event list links to. */
async function firstEventPath(page: Page): Promise<string> {
  await page.goto("/en/events/");
  const href = await page.locator("main a[href^='/en/event/']").first().getAttribute("href");
  expect(href).toBeTruthy();
  return href ?? "";
}

/**
 * The layout shift the swap may cost, as Lighthouse and field data count it. A phone (Lighthouse's
 * own viewport, where the budgets are measured) sets every line in the fallback as in Archivo.
 * A wide screen sets a display headline on one line, and a headline whose fallback is a few
 * pixels narrower may break a word later: that moves what is below it, at most this much.
 */
const SWAP_SHIFT = { phone: 0.005, desktop: 0.02 };

for (const [screen, viewport] of [
  ["phone", { width: 412, height: 823 }],
  ["desktop", { width: 1280, height: 720 }],
] as const) {
  // Every language's home page: its labels differ in width, and a row of buttons that wraps by its
  // labels' width would rewrap when the font arrives.
  for (const kind of ["/es/", "/en/", "/val/", "event"] as const) {
    test(`a first visit's ${kind} page on a ${screen} is drawn in the fallback, then in Archivo, and does not move`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const path = kind === "event" ? await firstEventPath(page) : kind;
      await recordLayoutShifts(page);
      // The file arrives only once the page has painted in the fallback, so the swap is measured.
      // (Routing also turns the browser's cache off: the file is fetched as on a first visit.)
      const font = await holdRequests(page, FONT_FILE);
      // Not to "load": that waits for the held file.
      await page.goto(path, { waitUntil: "commit" });
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      expect(await renderedFamilies(page, "main h1")).not.toContainEqual(expect.stringMatching(ARCHIVO));
      font.release();

      await page.waitForFunction(() => document.fonts.check("700 16px Archivo"));
      for (const selector of ["main h1", "main p"]) {
        await expect
          .poll(() => renderedFamilies(page, selector), { message: selector })
          .toEqual([expect.stringMatching(ARCHIVO)]);
      }
      const shifts = await layoutShifts(page);
      expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(SWAP_SHIFT[screen]);
    });
  }
}

test("the fallback keeps the type's weights: bold headlines, regular text", async ({ page }) => {
  // No file at all (a failed download): the page stays in the fallback.
  await page.route(FONT_FILE, (route) => route.abort());
  await page.goto("/es/");
  await page.evaluate(() =>
    [...document.querySelectorAll("main p")]
      .find((paragraph) => getComputedStyle(paragraph).fontWeight === "400" && paragraph.textContent?.trim())
      ?.setAttribute("data-regular", ""),
  );
  const faces = async (selector: string) => (await platformFonts(page, selector)).map((font) => font.postScriptName);
  expect(await faces("main h1")).toEqual([expect.stringMatching(/Bold/)]);
  expect(await faces("[data-regular]")).toEqual([expect.not.stringMatching(/Bold/)]);
});

test("every page declares the face and preloads its one file; the page does not vary by where the visitor came from", async ({
  page,
  request,
}) => {
  const browserAgent = {
    "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
  };
  for (const fetchSite of ["cross-site", "same-origin", "none"]) {
    const response = await request.get("/val/", { headers: { ...browserAgent, "Sec-Fetch-Site": fetchSite } });
    expect(response.headers()["vary"] ?? "", fetchSite).not.toMatch(/sec-fetch-site/i);
  }

  const fontRequests: string[] = [];
  page.on("request", (fontRequest) => {
    if (FONT_FILE.test(fontRequest.url())) fontRequests.push(fontRequest.url());
  });
  await page.goto("/val/");
  const preload = page.locator("head link[rel=preload][as=font]");
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute("type", "font/woff2");
  await expect(preload).toHaveAttribute("crossorigin", "anonymous");
  expect(await preload.getAttribute("href")).toMatch(FONT_FILE);
  const declared = await page.evaluate(() =>
    [...document.fonts].filter((face) => face.family === "Archivo").map((face) => [face.weight, face.display]),
  );
  expect(declared).toEqual([["100 900", "swap"]]);
  await page.waitForFunction(() => document.fonts.check("16px Archivo"));
  // Preload and face share one download.
  expect(fontRequests).toHaveLength(1);
});
