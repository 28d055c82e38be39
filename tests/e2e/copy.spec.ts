import { expect, test, type Page } from "@playwright/test";
import {
  authPaths,
  dashboardPaths,
  eventPaths,
  LANGS,
  notFoundPath,
  signInAsDemo,
  sitemapPaths,
  stayLocal,
} from "./site-pages";

/**
 * The words every page shows, in es, en and val: never a date as the machine stores it
 * (`2026-11-23`) and never two labels run together ("Entradas: Marea Alta: …"). Read from the
 * rendered page (`innerText`: what is on screen, without attributes, `<time datetime>`, JSON-LD,
 * hidden parts or form values), after the page has streamed in full.
 */
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
/** Two "label:" separators within one line and one clause, or a colon written twice. */
const DOUBLED_COLON = /::|:\s[^\n.;:!?]*:\s/;

/** Each line of a page's visible text that breaks one of the rules, with its path. */
async function copyProblems(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  const lines = (await page.locator("body").innerText()).split("\n");
  return lines
    .filter((line) => ISO_DATE.test(line) || DOUBLED_COLON.test(line))
    .map((line) => `${path}: ${line.trim()}`);
}

/**
 * The page and ticket page of the first listed event whose name holds a colon of its own
 * ("Marea Alta: Gira Mediterrània"): where a label before the name would double it.
 */
async function eventWithColonPaths(page: Page, lang: string): Promise<string[]> {
  await page.goto(`/${lang}/events/`);
  const links = await page
    .locator(`main a[href^="/${lang}/event/"]`)
    .evaluateAll((all) => all.map((link) => ({ href: link.getAttribute("href") ?? "", text: link.textContent ?? "" })));
  const named = links.find((link) => link.text.includes(":"));
  expect(named, "an event named with a colon").toBeDefined();
  return named ? [named.href, `${named.href}tickets/`] : [];
}

for (const lang of LANGS) {
  test(`no raw ISO date and no doubled colon on any page in ${lang}`, async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    const origin = baseURL ?? "";
    await stayLocal(page, origin);
    const paths = [
      ...(await sitemapPaths(origin, lang)),
      ...(await eventPaths(page, lang)),
      ...(await eventWithColonPaths(page, lang)),
      ...authPaths(lang),
      notFoundPath(lang),
      // The visitor's stored choice is dated (the e2e visitors decided on 2026-01-01).
      `/${lang}/cookie-settings/`,
      // A priced stay: its length in words.
      `/${lang}/parking/?arrival=2026-12-05T18:00&departure=2026-12-05T23:30`,
    ];
    const problems: string[] = [];
    for (const path of paths) problems.push(...(await copyProblems(page, path)));
    await signInAsDemo(page, lang);
    for (const path of dashboardPaths(lang)) problems.push(...(await copyProblems(page, path)));
    expect(problems).toEqual([]);
  });
}

test("a parking stay's length leaves out the units that are zero", async ({ page }) => {
  await page.goto("/en/parking/?arrival=2026-12-05T18:00&departure=2026-12-05T23:30");
  await expect(page.locator("output")).toContainText("Duration: 5 h 30 min");
  await page.goto("/val/parking/?arrival=2026-12-05T18:00&departure=2026-12-07T18:45");
  await expect(page.locator("output")).toContainText("Durada: 2 d 45 min");
});
