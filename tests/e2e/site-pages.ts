import { expect, type Page } from "@playwright/test";
import { all, parseHtml, textOf } from "#tests/html.ts";
import { waitForFormHydration } from "./hydrated";

/**
 * The pages the site-wide e2e checks visit (the axe walk in walk.spec.ts, the HTML checker in
 * html-validity.spec.ts): every URL of /sitemap.xml, the event pages the event lists link to, a
 * ticket page, the 404 page, the auth screens and the signed-in dashboard pages.
 */
export const LANGS = ["es", "en", "val"] as const;
export type Lang = (typeof LANGS)[number];

/** The seeded demo member (scripts/seed.sql, scripts/auth-emulator.mjs). */
export const DEMO = { email: "demo@arena.test", password: "arena-demo-2026" };

/** Only the Worker under test is reached: embedded maps and players are refused, not fetched. */
export async function stayLocal(page: Page, baseURL: string) {
  const local = new URL(baseURL).origin;
  await page.route(
    (url) => url.origin !== local,
    (route) => route.abort("blockedbyclient"),
  );
}

export async function sitemapPaths(baseURL: string, lang: Lang): Promise<string[]> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const paths = all(parseHtml(xml), "loc").map((loc) => new URL(textOf(loc)).pathname);
  return [...new Set(paths.filter((path) => path.startsWith(`/${lang}/`)))];
}

/** Event detail pages live outside the content tree: take the first ones the event list links to. */
export async function eventPaths(page: Page, lang: Lang): Promise<string[]> {
  await page.goto(`/${lang}/events/`);
  const hrefs = await page
    .locator(`a[href^="/${lang}/event/"]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const events = [...new Set(hrefs.filter((href) => /^\/[a-z]+\/event\/[a-z0-9-]+\/$/.test(href)))].slice(0, 2);
  return events.length > 0 ? [...events, `${events[0]}tickets/`] : [];
}

/** A path no page answers: the 404 page. */
export const notFoundPath = (lang: Lang) => `/${lang}/no-such-page/`;

/** The sign-in, registration and password reset screens (no session needed). */
export const authPaths = (lang: Lang) => [`/${lang}/login/`, `/${lang}/register/`, `/${lang}/password-reset/`];

/** The member area, seen by the signed-in demo member. */
export const dashboardPaths = (lang: Lang) => [
  `/${lang}/dashboard/`,
  `/${lang}/dashboard/events/`,
  `/${lang}/dashboard/events/?tab=past`,
  `/${lang}/dashboard/user-information/`,
  `/${lang}/dashboard/settings/`,
];

/** Signs the demo member in through the login screen; the session cookie is then in the context. */
export async function signInAsDemo(page: Page, lang: Lang = "en") {
  await page.goto(`/${lang}/login/`);
  const submit = page.locator("main button[type=submit]");
  await waitForFormHydration(page);
  await page.locator("main input[name=email]").fill(DEMO.email);
  await page.locator("main input[name=password]").fill(DEMO.password);
  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard/$`));
}
