import { expect, test, type Page, type Request } from "@playwright/test";
import { banner, BANNER_TIMEOUT, FIRST_VISIT } from "./consent-helpers";
import { waitForHydration } from "./hydrated";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";

// The site font (app/lib/site-font.ts): a visitor's first page is drawn in the metric-matched
// fallback and prefetches Archivo once loaded; the pages after it, by a client navigation or a
// full load from inside the site, are in Archivo from their first frame.

const FONT_FILE = /\/assets\/archivo-[\w-]+\.woff2$/;
/** Chromium names the variable face by the instance it drew ("Archivo SemiBold"). */
const ARCHIVO = expect.stringMatching(/^Archivo( \w+)?$/);

/** The faces Chromium drew an element's text with (DevTools' "Rendered fonts"): family names. */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  return (await platformFonts(page, selector)).map((font) => font.familyName);
}

/**
 * The element's drawn faces. A page that just rendered may still replace the element (a block
 * hydrating): DevTools then no longer knows the node it found, and the element is looked up again.
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
        await page.waitForTimeout(100);
      }
    }
  } finally {
    await devtools.detach();
  }
}

const declaredFaces = (page: Page) =>
  page.evaluate(() => [...document.fonts].map((face) => `${face.family.replace(/"/g, "")} ${face.status}`));

/**
 * Opens a first page (as from a search result) and, once the visitor moves the pointer over it,
 * waits for its prefetch of the font file.
 */
async function firstPage(page: Page, path: string): Promise<Request> {
  const response = await page.goto(path);
  await waitForHydration(page);
  expect(response?.headers()["link"]).toBeUndefined();
  const prefetch = page.waitForRequest((request) => FONT_FILE.test(request.url()));
  await page.mouse.move(100, 300);
  const request = await prefetch;
  await request.response();
  return request;
}

test("a first page is drawn in the fallback, fetches the font only once used, and keeps its face", async ({ page }) => {
  await recordLayoutShifts(page);
  const fontRequests: string[] = [];
  page.on("request", (request) => {
    if (FONT_FILE.test(request.url())) fontRequests.push(request.url());
  });
  await page.goto("/en/");
  await waitForHydration(page);
  await page.waitForLoadState("load");
  // Loaded and only read: no font yet.
  await page.waitForTimeout(500);
  expect(fontRequests).toEqual([]);

  const prefetch = page.waitForRequest((request) => FONT_FILE.test(request.url()));
  await page.mouse.move(100, 300);
  const request = await prefetch;
  expect((await request.allHeaders())["sec-purpose"]).toBe("prefetch");
  await request.response();

  // The file is in the browser's cache now, and still not this page's face.
  expect(new Set(await declaredFaces(page))).toEqual(new Set(["Archivo Fallback loaded"]));
  for (const selector of ["main h1", ".site-nav a"]) {
    const fonts = await renderedFonts(page, selector);
    expect(fonts.length, selector).toBeGreaterThan(0);
    expect(
      fonts.filter((font) => font.startsWith("Archivo")),
      selector,
    ).toEqual([]);
  }
  expect(await layoutShifts(page)).toEqual([]);
});

test.describe("on a first visit", () => {
  test.use(FIRST_VISIT);

  test("the consent banner taking focus is not a use of the page: still no font", async ({ page }) => {
    const fontRequests: string[] = [];
    page.on("request", (request) => {
      if (FONT_FILE.test(request.url())) fontRequests.push(request.url());
    });
    await page.goto("/en/");
    await waitForHydration(page);
    await expect(banner(page)).toBeFocused(BANNER_TIMEOUT);
    await page.waitForLoadState("networkidle");
    expect(fontRequests).toEqual([]);

    // A key the visitor presses is.
    const prefetch = page.waitForRequest((request) => FONT_FILE.test(request.url()));
    await page.keyboard.press("Tab");
    await prefetch;
  });
});

test("a first page's fallback keeps the type's weights: bold headlines, regular text", async ({ page }) => {
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

test("client navigations from a first page render the next pages in Archivo", async ({ page }) => {
  await firstPage(page, "/en/");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // The first navigation waits 100 ms at most for the face (app/lib/site-font.ts): on a busy
  // machine it may come a navigation or two later.
  const pages = ["/contact/", "/events/"];
  let navigations = 0;
  await expect
    .poll(
      async () => {
        const next = pages[navigations++ % pages.length] ?? "";
        await page.locator(`.site-nav a[href$='${next}']`).click();
        await expect(page).toHaveURL(new RegExp(`${next}$`));
        await expect(page.locator("main h1")).toBeVisible();
        return renderedFonts(page, "main h1");
      },
      { timeout: 15_000 },
    )
    .toEqual([ARCHIVO]);
  expect(navigations).toBeLessThanOrEqual(3);
  expect(await renderedFonts(page, ".site-nav a")).toEqual([ARCHIVO]);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

test("a full load from another page of the site is in Archivo from its first frame, from the cache", async ({
  page,
}) => {
  await firstPage(page, "/es/");
  await recordLayoutShifts(page);
  const response = page.waitForResponse((candidate) => candidate.url().endsWith("/es/contact/"));
  // A link the app does not handle, as a language switch or a form's redirect: a new document.
  await page.evaluate(() => location.assign("/es/contact/"));
  expect((await response).headers()["link"]).toMatch(/rel=preload; as=font/);
  await page.waitForURL("**/es/contact/");
  expect(await declaredFaces(page)).toContain("Archivo loaded");
  expect(await renderedFonts(page, "main h1")).toEqual([ARCHIVO]);
  const fontFromCache = await page.evaluate(
    (file) =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) =>
        new RegExp(file).test(entry.name),
      )?.transferSize,
    FONT_FILE.source,
  );
  expect(fontFromCache).toBe(0);
  expect(await layoutShifts(page)).toEqual([]);
});

test("the two kinds of page are told apart by Sec-Fetch-Site, and say so to caches", async ({ request }) => {
  const browser = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36" };
  const first = await request.get("/val/", { headers: { ...browser, "Sec-Fetch-Site": "cross-site" } });
  const inside = await request.get("/val/", { headers: { ...browser, "Sec-Fetch-Site": "same-origin" } });
  for (const response of [first, inside]) expect(response.headers()["vary"]).toMatch(/Sec-Fetch-Site/);
  expect(first.headers()["link"]).toBeUndefined();
  expect(await first.text()).not.toContain("font-family:Archivo;");
  expect(inside.headers()["link"]).toMatch(/rel=preload/);
  expect(await inside.text()).toContain("font-family:Archivo;");
  // A crawler reads the same words either way: it gets the first page's variant.
  const crawler = await request.get("/val/", {
    headers: { "User-Agent": "Googlebot/2.1", "Sec-Fetch-Site": "same-origin" },
  });
  expect(await crawler.text()).not.toContain("font-family:Archivo;");
});
