import { expect, test, type Page } from "@playwright/test";
import { holdRequests } from "./hold-requests";
import { waitForHydration } from "./hydrated";
import { all, parseHtml } from "#tests/html.ts";

// A page paints from its HTML before its code has loaded (React Router's <Scripts> as shipped):
// everything reached for before hydration gets its code as soon as the page hydrates, and a
// hydrated page's links navigate in the app.

for (const path of ["/en/", "/es/events/", "/val/event/marea-alta-gira-mediterrania/"]) {
  test(`${path}: hydrates, then a link navigates in the app`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator(".site-nav a[href$='/contact/']").click();
    await expect(page).toHaveURL(/\/contact\/$/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });
}

/**
 * Holds the framework's file back until released, so the page surely paints before it hydrates.
 * The document's module script waits for it, so the document does not finish loading meanwhile:
 * the tests go on as soon as the page's HTML arrives (`waitUntil: "commit"`).
 */
const delayHydration = (page: Page) => holdRequests(page, /\/assets\/framework-[\w-]+\.js$/);

const isHydrated = (page: Page) => page.evaluate(() => "__reactRouterRouteModules" in window);

test("a form reached for before the page hydrated gets its code as soon as the page hydrates", async ({ page }) => {
  const framework = await delayHydration(page);
  await page.goto("/en/contact/", { waitUntil: "commit" });
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
  await page.goto("/en/", { waitUntil: "commit" });
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

// The page's code is fetched at low priority (app/lib/script-priority.server.tsx): on a slow
// connection the lead image and the font, which the first paint needs, go first. Every file the
// document preloads must start low: one React Router adds that the low list misses shows "High".
for (const path of ["/es/", "/en/events/", "/val/event/marea-alta-gira-mediterrania/", "/en/contact/", "/es/login/"]) {
  test(`${path}: the page's code is fetched at low priority`, async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const priorities = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", ({ request }) => {
      if (!priorities.has(request.url)) priorities.set(request.url, request.initialPriority);
    });
    const response = await page.goto(path);
    const html = (await response?.text()) ?? "";
    await waitForHydration(page);
    const preloaded = all(parseHtml(html), 'link[rel="modulepreload"]').map(
      (link) => new URL(link.getAttribute("href") ?? "", page.url()).href,
    );
    expect(new Set(preloaded).size, "the page preloads too few files").toBeGreaterThan(3);
    const fetched = [...new Set(preloaded)].map((url) => [url, priorities.get(url)]);
    expect(fetched.filter(([, priority]) => priority !== "Low")).toEqual([]);
  });
}

/** Every script file the page fetches, by name without its hash (`member`, `form-controls`, …). */
function scriptsFetched(page: Page): string[] {
  const names: string[] = [];
  page.on("response", (response) => {
    const name = /\/assets\/([\w.-]+?)-[\w-]{8}\.js$/.exec(response.url())?.[1];
    if (name) names.push(name);
  });
  return names;
}

// The sign-in form's code (the identity screens' shared parts, valibot, the form controls) loads
// once the visitor reaches for the form, so a look at the screen costs what a public page does. The
// identity screens' shared parts are one file (`member` in vite.config.ts): each file costs a slow
// phone a round trip. Public pages and their forms share a field, its messages and the submit
// button with the member forms, but never fetch the identity screens' code for them.
test("sign-in fetches its form's code once the form is reached for, the identity screens' shared code as one file", async ({
  page,
}) => {
  const names = scriptsFetched(page);
  await page.goto("/es/login/");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(names, names.join(", ")).not.toContain("member");
  // A browser that keeps no offline tickets has none to forget, and loads no code for it.
  expect(names).not.toContain("offline-tickets.client");
  expect(names.length, names.join(", ")).toBeLessThanOrEqual(8);

  await page.locator("main input[name=email]").focus();
  await expect(page.locator("main form[data-hydrated]")).toBeAttached();
  expect(names.filter((name) => name === "member")).toHaveLength(1);
  expect(names).toEqual(expect.arrayContaining(["login-screen", "valibot", "form-controls"]));
});

test("sign-in reached inside the app shows once its form's code is in", async ({ page }) => {
  await page.goto("/en/about/");
  await waitForHydration(page);
  const formFile = /\/assets\/login-screen-[\w-]+\.js$/;
  const formCode = await holdRequests(page, formFile);
  const requested = page.waitForRequest(formFile);
  await page.locator('header a[href="/en/login/"]').first().click();
  await requested;
  // The navigation waits for the form's code (the route's clientLoader): no empty screen meanwhile.
  expect(new URL(page.url()).pathname).toBe("/en/about/");
  formCode.release();
  await expect(page).toHaveURL(/\/en\/login\/$/);
  await expect(page.locator("main form[data-hydrated]")).toBeAttached();
});

test("a public form, once used, fetches none of the identity screens' code", async ({ page }) => {
  const names = scriptsFetched(page);
  await page.goto("/en/contact/");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Write to us" });
  await form.getByRole("textbox").first().fill("Ana");
  await expect(form).toHaveAttribute("data-enhanced", "true");
  expect(names).toContain("form-controls");
  expect(names).not.toContain("member");
});
