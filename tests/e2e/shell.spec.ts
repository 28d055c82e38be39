import { expect, test } from "./fixtures";
import { holdRequests } from "./hold-requests";
import { waitForHydration } from "./hydrated";
import { LOADING_BAR } from "#app/lib/loading-bar.ts";
import { painted } from "./settled";

test.describe("landing", () => {
  test.use({ locale: "es-ES" });

  test("/ lands on /es/ with the shell and the home page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/es\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
    await expect(page.getByRole("navigation", { name: "Navegación principal" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenido al Arena Valencia");
    await expect(page.getByRole("contentinfo")).toContainText("Arena Valencia");
  });
});

test("switching language keeps the page and survives a reload", async ({ page }) => {
  await page.goto("/es/about/");
  // The compact switcher: the current language's code opens the menu of languages.
  const current = page.getByRole("button", { name: "Idioma: Español" });
  await expect(current).toHaveText(/ES/);
  await current.click();
  await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/about\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The arena");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The arena");
  // The choice was saved: the root now opens in English whatever the browser prefers.
  await page.goto("/");
  await expect(page).toHaveURL(/\/en\/$/);
  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Valencià" }).click();
  await expect(page).toHaveURL(/\/val\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ca-ES-valencia");
  await page.goto("/about/");
  await expect(page).toHaveURL(/\/val\/about\/$/);
});

for (const [lang, title, back, events, main, language] of [
  ["es", "Página no encontrada", "Volver al inicio", "Ver los próximos eventos", "Navegación principal", "Idioma"],
  ["en", "Page not found", "Back to home", "See upcoming events", "Main navigation", "Language"],
  [
    "val",
    "No s'ha trobat la pàgina",
    "Torna a l'inici",
    "Mira els pròxims esdeveniments",
    "Navegació principal",
    "Idioma",
  ],
] as const) {
  test(`a missing page shows the 404 page inside the layout in ${lang}`, async ({ page }) => {
    const response = await page.goto(`/${lang}/this-page-does-not-exist/`);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // Inside the shell: header with its menu and languages, the footer; no raw path on screen.
    await expect(page.getByRole("navigation", { name: main })).toBeVisible();
    await expect(page.getByRole("button", { name: new RegExp(`^${language}: `) })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.locator("body")).not.toContainText("this-page-does-not-exist");
    await expect(page.getByRole("link", { name: events })).toHaveAttribute("href", `/${lang}/events/`);
    await page.getByRole("link", { name: back }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
  });
}

test("the loading bar appears on a slow navigation and then goes away", async ({ page }) => {
  await page.goto("/en/");
  await waitForHydration(page);
  const pageData = await holdRequests(page, "**/about/_.data**");
  const bar = page.getByRole("progressbar", { includeHidden: true });
  await expect(bar).toHaveAttribute("data-state", "idle");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "The venue" }).click();
  await expect(bar).toHaveAttribute("data-state", "loading");
  await expect(bar).toHaveAttribute("style", /height: 3px/);
  pageData.release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The arena");
  await expect(bar).toHaveAttribute("data-state", /finishing|hidden/);
  await expect(bar).toHaveAttribute("data-state", "idle");
});

// The throttle itself, timed in the page: a navigation shorter than it never shows the bar, so the
// bar may only appear once a navigation has lasted that long. (Asserting "this navigation shows
// no bar" instead depends on how fast a busy machine serves the next page.)
test("the loading bar never appears before a navigation has lasted its throttle", async ({ page }) => {
  await page.goto("/en/");
  await waitForHydration(page);
  await page.evaluate(() => {
    const bar = document.querySelector(".loading-bar");
    const log: { clickAt: number; states: [string, number][] } = { clickAt: -1, states: [] };
    (window as unknown as { barLog: typeof log }).barLog = log;
    document.addEventListener("click", () => (log.clickAt = performance.now()), { capture: true });
    if (!bar) return;
    new MutationObserver(() => log.states.push([bar.getAttribute("data-state") ?? "", performance.now()])).observe(
      bar,
      {
        attributes: true,
        attributeFilter: ["data-state"],
      },
    );
  });
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "The venue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The arena");
  await painted(page);
  const log = await page.evaluate(
    () => (window as unknown as { barLog: { clickAt: number; states: [string, number][] } }).barLog,
  );
  expect(log.clickAt).toBeGreaterThan(0);
  const shownAfter = log.states.filter(([state]) => state === "loading").map(([, at]) => at - log.clickAt);
  // Timers may fire a little early by the clock the page reads; never a frame early.
  for (const elapsed of shownAfter) expect(elapsed).toBeGreaterThanOrEqual(LOADING_BAR.throttleMs - 16);
});

test("links are marked active and exact-active, and preload their page on intent", async ({ page }) => {
  await page.goto("/en/");
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  const venue = nav.getByRole("link", { name: "The venue" });
  await expect(venue).not.toHaveClass(/is-active/);
  await venue.hover();
  await expect(page.locator('link[rel="prefetch"][href^="/en/about/"]')).not.toHaveCount(0);
  await venue.click();
  await expect(venue).toHaveClass(/is-active/);
  await expect(venue).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Events" })).not.toHaveClass(/is-active/);
});

test("the events entry is highlighted on event pages, as the section they belong to", async ({ page }) => {
  await page.goto("/en/events/");
  await waitForHydration(page);
  await page.locator('main a[href^="/en/event/"]').first().click();
  await expect(page).toHaveURL(/\/en\/event\/[a-z0-9-]+\/$/);
  const events = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Events" });
  await expect(events).toHaveClass(/is-active/);
  await expect(events).not.toHaveAttribute("aria-current", "page");
});

test("scroll goes to the top on a new page and is restored on back", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 300 });
  await page.goto("/en/");
  await waitForHydration(page);
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "The venue" });
  await footerLink.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await footerLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The arena");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Arena Valencia");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
});

test("the skip link moves keyboard focus to the content", async ({ page }) => {
  await page.goto("/en/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("the page runs under its CSP without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.goto("/en/");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "The venue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The arena");
  expect(violations).toEqual([]);
});

test("axe finds no violation on the home page and the 404 page", async ({ page, axe }) => {
  test.setTimeout(120_000);
  for (const lang of ["es", "en", "val"]) {
    await page.goto(`/${lang}/`);
    await axe();
    await page.goto(`/${lang}/missing-page/`);
    await axe();
  }
});

test("an in-app navigation to a missing event keeps the site's styles, header and footer", async ({ page }) => {
  await page.goto("/en/events/");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  // A client-side navigation, as from a member's ticket to an event that is gone.
  await page.evaluate(() => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } })
      .__reactRouterDataRouter;
    router.navigate("/en/event/no-such-event/");
  });
  await expect(page).toHaveURL(/\/en\/event\/no-such-event\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(font);
  expect(await page.evaluate(() => document.getElementById("site-css")?.textContent?.length ?? 0)).toBeGreaterThan(
    1000,
  );
});

test("a long or deep missing path is the 404 page, and it hydrates", async ({ page }) => {
  // React Router sends its route manifest with such pages (shouldUseInitialRouteDiscovery): a
  // module script of another shape, which was a 500 in plain text ("Unexpected Server Error").
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of [`/es/${"a/".repeat(61)}`, `/val/${"a".repeat(4000)}/`]) {
    const response = await page.goto(path);
    expect(response?.status(), path.slice(0, 30)).toBe(404);
    await expect(page.locator("h1")).toHaveText(path.startsWith("/es/") ? "Página no encontrada" : /No s.ha trobat/);
    await waitForHydration(page);
  }
  expect(errors).toEqual([]);
});
