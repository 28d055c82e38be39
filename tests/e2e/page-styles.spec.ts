import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { readdirSync } from "node:fs";
import { waitForHydration } from "./hydrated";
import {
  authPaths,
  dashboardPaths,
  eventPaths,
  LANGS,
  notFoundPath,
  signInAsDemo,
  sitemapPaths,
  stayLocal,
  type Lang,
} from "./site-pages";

/**
 * Each page inlines only its part of the stylesheet (app/lib/page-styles.server.ts). The check
 * that no page misses a rule it uses: every element's computed style is the same before and after
 * the whole stylesheet is added (it is what the browser loads for client navigations). Without
 * JavaScript, so the server's document is what is measured and nothing moves between the two
 * looks. Every page of the site-wide walks, in the three languages, at a desktop width, and in
 * Spanish at a phone width too (parts hold media queries); the member area signed in.
 */

/** The whole stylesheet's URL in the build under test (app/lib/stylesheet.ts), looked up when a test needs it. */
function fullStylesheet(): string {
  // The build the e2e Worker serves (ARENA_BUILD_DIR, scripts/serve.mjs).
  const assets = `${process.env.ARENA_BUILD_DIR || "build"}/client/assets`;
  const file = readdirSync(assets).find((name) => /^stylesheet-.*\.css$/.test(name));
  if (!file) throw new Error(`${assets} has no stylesheet-*.css: build the site first`);
  return `/assets/${file}`;
}

/**
 * What a missing rule would change: each element's box, and the properties that paint it or
 * place its content. (All ~350 computed properties of every element take minutes per page.)
 */
const WATCHED = [
  "display",
  "position",
  "float",
  "visibility",
  "opacity",
  "z-index",
  "overflow",
  "color",
  "background-color",
  "background-image",
  "border-top-width",
  "border-top-color",
  "border-bottom-width",
  "border-left-width",
  "border-radius",
  "box-shadow",
  "outline-style",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "line-height",
  "letter-spacing",
  "text-align",
  "text-transform",
  "text-decoration-line",
  "white-space",
  "list-style-type",
  "padding-top",
  "padding-left",
  "margin-top",
  "margin-left",
  "gap",
  "grid-template-columns",
  "flex-direction",
  "flex-wrap",
  "justify-content",
  "align-items",
  "aspect-ratio",
  "object-fit",
  "transform",
  "clip-path",
  "cursor",
];

/** One line per element: where it is, its box and the watched properties. */
async function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate((watched) => {
    return [...document.querySelectorAll("body, body *")].map((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const path = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")}`;
      const properties = watched.map((name) => `${name}:${style.getPropertyValue(name)}`);
      return `${path} box:${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.width)},${Math.round(box.height)};${properties.join(";")}`;
    });
  }, WATCHED);
}

/** The elements whose style changed, each with the properties that did. */
function differences(before: string[], after: string[]): string[] {
  const changed: string[] = [];
  before.forEach((line, index) => {
    const other = after[index] ?? "";
    if (line === other) return;
    const [path] = line.split(" ", 1);
    const was = new Set(line.split(";"));
    const now = other.split(";").filter((property) => !was.has(property));
    changed.push(`${path}: ${now.slice(0, 4).join("; ")}`);
  });
  return changed;
}

async function expectCompleteStyles(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  // Parts skipped by `content-visibility: auto` take their real size only once the browser
  // renders them, which may happen between the two looks: everything is rendered for both.
  await page.evaluate(() => {
    document.head.insertAdjacentHTML("beforeend", "<style>* { content-visibility: visible !important }</style>");
  });
  const before = await computedStyles(page);
  // Without JavaScript the page runs no handler (onload included): wait until the sheet applies.
  const href = fullStylesheet();
  await page.evaluate((href) => {
    document.head.insertAdjacentHTML("beforeend", `<link rel="stylesheet" href="${href}">`);
  }, href);
  await expect
    .poll(() =>
      page.evaluate((href) => {
        const sheet = [...document.styleSheets].find((candidate) => candidate.href?.endsWith(href));
        return (sheet?.cssRules.length ?? 0) > 0;
      }, href),
    )
    .toBe(true);
  const after = await computedStyles(page);
  expect(after.length, path).toBe(before.length);
  expect(differences(before, after), `${path}: styles the page's part lacks`).toEqual([]);
}

async function pagesOf(browser: Browser, baseURL: string, lang: Lang): Promise<string[]> {
  const page = await browser.newPage();
  try {
    return [
      ...(await sitemapPaths(baseURL, lang)),
      ...(await eventPaths(page, lang)),
      ...authPaths(lang),
      notFoundPath(lang),
    ];
  } finally {
    await page.close();
  }
}

/** Checks `paths` without JavaScript at `width`, in a context with `storageState` (signed in) if given. */
async function expectCompleteStylesOn(
  browser: Browser,
  baseURL: string,
  paths: string[],
  width: number,
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>,
) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await stayLocal(page, baseURL);
  for (const path of paths) await expectCompleteStyles(page, path);
  await context.close();
}

test.describe("a page's inlined styles are complete", () => {
  test.describe.configure({ timeout: 240_000 });

  for (const lang of LANGS) {
    test(`every public page in ${lang}, desktop`, async ({ browser, baseURL }) => {
      await expectCompleteStylesOn(browser, baseURL ?? "", await pagesOf(browser, baseURL ?? "", lang), 1366);
    });
  }

  test("every public page in es, phone", async ({ browser, baseURL }) => {
    await expectCompleteStylesOn(browser, baseURL ?? "", await pagesOf(browser, baseURL ?? "", "es"), 390);
  });

  test("the member area, signed in", async ({ browser, baseURL }) => {
    const signIn = await browser.newContext();
    await signInAsDemo(await signIn.newPage(), "en");
    const storageState = await signIn.storageState();
    await signIn.close();
    for (const width of [1366, 390]) {
      await expectCompleteStylesOn(browser, baseURL ?? "", dashboardPaths("en"), width, storageState);
    }
  });

  test("a client navigation brings the styles of the blocks the next page shows", async ({ page, baseURL }) => {
    await stayLocal(page, baseURL ?? "");
    const href = fullStylesheet();
    const stylesheets: string[] = [];
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(href)) stylesheets.push(request.url());
      if (request.resourceType() === "document") documents.push(request.url());
    });
    // The about page shows no event: its inlined part has no event list's styles.
    await page.goto("/en/about/");
    await waitForHydration(page);
    expect(await page.locator("#site-css").textContent()).not.toContain(".event-card{");
    // The first load is one document: the whole stylesheet waits for a navigation.
    expect(stylesheets).toEqual([]);

    await page.locator('main a[href="/en/events/"], header a[href="/en/events/"]').first().click();
    await expect(page).toHaveURL(/\/en\/events\/$/);
    await expect(page.locator(".event-card").first()).toHaveCSS("display", "flex");
    expect(stylesheets).toHaveLength(1);
    expect(documents).toHaveLength(1);
  });
});
