import { expect, test } from "@playwright/test";
import { all, parseHtml } from "#tests/html.ts";

/**
 * What browsers and caches get besides the pages (docs/edge-and-shell.md, "HTTP caching" and
 * "Icons"): /favicon.ico, the web app manifest and its icons, Vary on compressed static files.
 */

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("/favicon.ico is an icon, and pages link it with the SVG, the touch icon and the manifest", async ({
  request,
  page,
}) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/image\/(vnd\.microsoft\.icon|x-icon)/);
  const bytes = await ico.body();
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThanOrEqual(2);
  // The sizes the page declares are the ones the file holds (an entry's 0 means 256).
  const held = Array.from({ length: bytes.readUInt16LE(4) }, (_, i) => {
    const [width = 0, height = 0] = [bytes[6 + 16 * i], bytes[7 + 16 * i]];
    return `${width || 256}x${height || 256}`;
  });

  await page.goto("/en/");
  const declared = await page.locator('head link[rel=icon][href="/favicon.ico"]').getAttribute("sizes");
  expect(declared?.split(" ")).toEqual(held);
  const links = await page
    .locator("head link[rel~=icon], head link[rel=manifest], head link[rel=apple-touch-icon]")
    .evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute("rel")} ${node.getAttribute("href")}`));
  expect(links).toEqual(
    expect.arrayContaining([
      "icon /favicon.ico",
      "icon /favicon.svg",
      "apple-touch-icon /icons/apple-touch-icon.png",
      "manifest /en/manifest.webmanifest",
    ]),
  );
  const touch = await request.get("/icons/apple-touch-icon.png");
  expect(pngSize(await touch.body())).toEqual({ width: 180, height: 180 });
});

test("each language has its web app manifest: in that language, its addresses answering 200, PNG icons served", async ({
  request,
}) => {
  for (const [lang, tag] of [
    ["es", "es-ES"],
    ["en", "en-US"],
    ["val", "ca-ES-valencia"],
  ] as const) {
    const response = await request.get(`/${lang}/manifest.webmanifest`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      lang: string;
      id: string;
      start_url: string;
      scope: string;
      icons: { src: string; type: string; sizes: string; purpose: string }[];
    };
    expect(manifest.name).toBe("Arena Valencia");
    expect(manifest.lang).toBe(tag);
    expect([manifest.id, manifest.start_url, manifest.scope]).toEqual([`/${lang}/`, `/${lang}/`, `/${lang}/`]);
    const home = await request.get(manifest.start_url, { maxRedirects: 0 });
    expect(home.status()).toBe(200);
    const png = manifest.icons.filter((icon) => icon.type === "image/png");
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    for (const icon of png) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(await file.body())).toEqual({ width, height });
    }
  }
});

test("compressed static files vary on Accept-Encoding", async ({ request }) => {
  for (const path of ["/favicon.svg", "/logo.svg"]) {
    const response = await request.get(path, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["vary"] ?? "", path).toMatch(/accept-encoding/i);
  }
});

test("static files carry the pages' security headers (public/_headers), each once", async ({ request }) => {
  // The Worker writes them on pages (worker/middleware/security-headers.ts); files are served
  // before it by the assets binding, from public/_headers, which must say the same.
  const page = await request.get("/es/");
  const document = parseHtml(await page.text());
  const scripts = all(document, 'script[src^="/assets/"], link[rel="modulepreload"][href^="/assets/"]');
  const asset = scripts.map((element) => element.getAttribute("src") ?? element.getAttribute("href")).find(Boolean);
  expect(asset).toBeTruthy();
  const shared = ["strict-transport-security", "x-content-type-options", "referrer-policy", "permissions-policy"];
  for (const path of ["/logo.svg", "/favicon.ico", asset ?? ""]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    for (const name of shared) {
      const values = response.headersArray().filter((header) => header.name.toLowerCase() === name);
      expect(
        values.map((header) => header.value),
        `${path} ${name}`,
      ).toEqual([page.headers()[name]]);
    }
    // Like a public page, a file is the same for everyone: no opener isolation (security-headers.ts).
    expect(response.headers()["cross-origin-opener-policy"], path).toBeUndefined();
  }
});
