import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "./hold-requests";
import { waitForHydration } from "./hydrated";

// Paint first (docs/performance.md, app/lib/hydrate-after-paint.server.ts): the page's code is not
// preloaded from the head; it is fetched once the page has painted and its lead image (the one
// fetched at high priority) has loaded, and then the page hydrates as before.

for (const path of ["/en/", "/es/events/", "/val/event/marea-alta-gira-mediterrania/"]) {
  test(`${path}: the code is fetched after the first paint and the lead image, then hydrates`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/<link rel="modulepreload"/);

    await page.goto(path);
    await waitForHydration(page);
    const timings = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const lead = document.querySelector<HTMLImageElement>("img[fetchpriority=high]");
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        lead: lead ? (resources.find((entry) => entry.name === lead.currentSrc)?.responseEnd ?? null) : null,
        code: resources.find((entry) => /\/assets\/framework-[\w-]+\.js$/.test(entry.name))?.startTime ?? null,
      };
    });
    expect(timings.paint).not.toBeNull();
    expect(timings.lead).not.toBeNull();
    expect(timings.code).toBeGreaterThanOrEqual(timings.paint ?? Infinity);
    expect(timings.code).toBeGreaterThanOrEqual(timings.lead ?? Infinity);

    // Hydrated: a link now navigates in the app, without loading a new document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator(".site-nav a[href$='/contact/']").click();
    await expect(page).toHaveURL(/\/contact\/$/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });
}

test("the page's modules are preloaded one per task, each with the page's nonce", async ({ page }) => {
  // A mutation observer's callback runs once per batch of changes made within one task, so
  // preloads appended together arrive as one batch: they were one long task after the paint.
  await page.addInitScript(() => {
    const batches: string[][] = [];
    Object.assign(window, { preloadBatches: batches });
    new MutationObserver((records) => {
      const links = records
        .flatMap((record) => [...record.addedNodes])
        .filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === "modulepreload");
      if (links.length > 0)
        batches.push(links.map((link) => `${link.getAttribute("href")} ${link.nonce ? "nonce" : ""}`));
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/en/");
  await waitForHydration(page);
  const batches = await page.evaluate(() => (window as unknown as { preloadBatches: string[][] }).preloadBatches);
  expect(batches.length).toBeGreaterThanOrEqual(4);
  expect(batches.every((batch) => batch.length === 1)).toBe(true);
  expect(batches.flat().every((entry) => /^\/assets\/[\w.-]+\.js nonce$/.test(entry))).toBe(true);
  expect(batches.flat().some((entry) => /\/framework-[\w-]+\.js /.test(entry))).toBe(true);
});

/** Holds the framework's file back until released, so the page surely paints before it hydrates. */
const delayHydration = (page: Page) => holdRequests(page, /\/assets\/framework-[\w-]+\.js$/);

const isHydrated = (page: Page) => page.evaluate(() => "__reactRouterRouteModules" in window);

test("a form reached for before the page hydrated gets its code as soon as the page hydrates", async ({ page }) => {
  const framework = await delayHydration(page);
  await page.goto("/en/contact/");
  const form = page.getByRole("form", { name: "Write to us" });
  await form.hover();
  expect(await isHydrated(page)).toBe(false);
  framework.release();
  await expect(form).toHaveAttribute("data-enhanced", "true", { timeout: 15_000 });
});

test("the header reached for before the page hydrated gets its panels' code as soon as it hydrates", async ({
  page,
}) => {
  const panels: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/header-panels-[\w-]+\.js$/.test(request.url())) panels.push(request.url());
  });
  const framework = await delayHydration(page);
  await page.goto("/en/");
  await page.locator(".site-header__brand").hover();
  expect(await isHydrated(page)).toBe(false);
  framework.release();
  await expect.poll(() => panels.length, { timeout: 15_000 }).toBe(1);
});

test("the framework file asks V8 to compile it while it streams in, and on-demand code relists no file every page has", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (/\/assets\/[\w-]+\.js$/.test(response.url())) scripts.push(response.url());
  });
  await page.goto("/en/event/marea-alta-gira-mediterrania/");
  await waitForHydration(page);
  const text = async (name: RegExp) => {
    const url = scripts.find((script) => name.test(script));
    expect(url, `the page loaded no ${name}`).toBeDefined();
    return (await request.get(url ?? "")).text();
  };
  // The explicit compile hint must be the file's first line (vite.config.ts, `eagerCompileHint`).
  expect((await text(/\/framework-/)).startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
  // The event route's module (`event-` and the 8 characters of its hash, not `event-parts-…`)
  // preloads its parts' own files, not the framework or app files every page has loaded.
  const preloads = /__vite__mapDeps=.*?\[(.*?)\]/.exec(await text(/\/event-[\w-]{8}\.js$/))?.[1] ?? "";
  expect(preloads).toContain("event-parts-");
  expect(preloads).not.toMatch(/(framework|app|rolldown-runtime)-/);
});
