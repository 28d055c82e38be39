import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "./hold-requests";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { painted } from "./settled";

// The hydration policy (docs/performance.md, bloks/hydration.ts): a public page's first load
// carries no block code; a block's code loads when someone reaches for it, when React must render
// it (a client-side navigation), or, for the event slider, once it is half in view. A click that
// beats the code is replayed, and nothing the server rendered changes on the way.

/** Script names the page fetched, and every console error or warning and page error. */
function watch(page: Page) {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) scripts.push(pathname.slice("/assets/".length));
  });
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { scripts, problems };
}

/** Block code: the loaders' map that every block's code goes through, and the event page's parts. */
const BLOCK_CODE = /^(loaders|event-parts|rich-text|form-shell|valibot)-/;

for (const path of ["/en/", "/en/about/", "/en/events/", "/en/event/marea-alta-gira-mediterrania/", "/en/contact/"]) {
  test(`${path} hydrates without any block code, warnings or layout shifts`, async ({ page }) => {
    // The site font already in the browser's cache, as on every page after a visit's first: what
    // is measured here is hydration; the first page's font swap is tests/e2e/site-font.spec.ts's.
    await page.goto("/en/not-a-page/");
    await page.evaluate(() => document.fonts.load("16px Archivo"));
    const { scripts, problems } = watch(page);
    await recordLayoutShifts(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The router's hydration has run: its effects mark the document.
    await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
    expect(scripts.filter((name) => BLOCK_CODE.test(name))).toEqual([]);
    expect(problems).toEqual([]);
    await painted(page);
    expect(await layoutShifts(page)).toEqual([]);
  });
}

test("the carousel's first click works before its code has loaded", async ({ page }) => {
  const { scripts, problems } = watch(page);
  // Hold the carousel's code back, so the click surely arrives first.
  const carouselCode = await holdRequests(page, /\/assets\/cards-carousel-[\w-]+\.js$/);
  await page.goto("/en/");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((name) => name.startsWith("cards-carousel-"))).toBe(false);
  const carousel = page.locator(".blok-cards-carousel");
  const track = page.getByRole("list", { name: "Plan your visit" });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator(".carousel")).not.toHaveAttribute("data-ready", "true");
  expect(await track.evaluate((element) => element.scrollLeft)).toBe(0);

  await carousel.getByRole("button", { name: "Next" }).click();
  carouselCode.release();
  await expect(carousel.locator(".carousel")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  await expect.poll(() => track.evaluate((element) => element.scrollLeft), { timeout: 10_000 }).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test("client-side navigation home → events → event → about → contact renders complete pages", async ({ page }) => {
  const { problems } = watch(page);
  await page.goto("/en/");
  await page.waitForLoadState("networkidle");
  // A mark on the window: it survives only if no link loaded a whole new document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const sameDocument = () => page.evaluate(() => "sameDocument" in window);
  const nav = page.locator("header nav");

  await nav.getByRole("link", { name: "Events", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/events\/$/);
  const list = page.locator(".blok-events");
  await expect(list.locator(".event-card").first()).toBeVisible();
  expect(await sameDocument()).toBe(true);

  // A link inside a block whose code has not loaded yet: the click waits for it, then navigates in the app.
  const firstEvent = list.locator(".event-card__title a").first();
  const name = (await firstEvent.textContent()) ?? "";
  await firstEvent.click();
  await expect(page).toHaveURL(/\/en\/event\/[a-z0-9-]+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.locator(".event-facts")).toBeVisible();
  expect(await sameDocument()).toBe(true);

  await nav.getByRole("link", { name: "The venue", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/about\/$/);
  await expect(page.locator(".blok-text h1, .blok-text h2").first()).toBeVisible();
  await expect(page.locator(".blok-text p").first()).toBeVisible();
  expect(await sameDocument()).toBe(true);

  await nav.getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/contact\/$/);
  await expect(page.locator(".blok-contact form")).toBeVisible();
  await expect(page.locator(".blok-contact form")).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
  expect(await sameDocument()).toBe(true);

  // Back to the home page: every block is there again, rendered by the browser.
  for (const previous of [/\/en\/about\/$/, /\/en\/event\/[a-z0-9-]+\/$/, /\/en\/events\/$/, /\/en\/$/]) {
    await page.goBack();
    await expect(page).toHaveURL(previous);
  }
  await expect(page.locator(".blok-cards-carousel .carousel")).toHaveAttribute("data-ready", "true", {
    timeout: 20_000,
  });
  await expect(page.locator(".blok-upcoming-events .event-card").first()).toBeVisible();
  expect(await sameDocument()).toBe(true);
  expect(problems).toEqual([]);
});
