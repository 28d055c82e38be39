import { expect, test, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePorts } from "#tests/free-port.mjs";
import { startProviderStandin, type ProviderStandin } from "#tests/mocks/providers/standin.mjs";
import { banner, BANNER_TIMEOUT, FIRST_VISIT, settingsDialog, storedChoice } from "./consent-helpers";
import { waitForSite } from "./own-server";
import { consentRuntimeRunning, painted } from "./settled";
import { signInAsDemo } from "./site-pages";

// Third parties after consent, end to end: a Worker configured with every provider, each
// provider's script served by a local stand-in (tests/mocks/providers/) that records that it ran,
// what it was given, and sets the provider's first-party cookie. Both take free ports.

const [STANDIN_PORT, SITE_PORT] = await freePorts(2);
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const STANDIN = `http://127.0.0.1:${STANDIN_PORT}`;
const CHAT_ID = "0b7d3f7e-1c0a-4d3e-9a51-3c2f0e7a1b2c";
const VARS = {
  CHAT_PROVIDER: "crisp",
  CHAT_ID,
  CHAT_SCRIPT_URL: `${STANDIN}/crisp/l.js`,
  ACCESSIBILITY_PROVIDER: "userway",
  ACCESSIBILITY_ID: "UwTest42",
  ACCESSIBILITY_SCRIPT_URL: `${STANDIN}/userway/widget.js`,
  GOOGLE_TAG_ID: "G-STANDIN1",
  GOOGLE_TAG_SCRIPT_URL: `${STANDIN}/gtag/js`,
  META_PIXEL_ID: "100200300",
  META_PIXEL_SCRIPT_URL: `${STANDIN}/fbevents.js`,
};

interface Ran {
  runs: number;
  events: unknown[][];
  id?: string;
  locale?: string;
  account?: string;
  language?: string;
}
type Standin = Partial<Record<"chat" | "accessibility" | "googleTag" | "metaPixel", Ran>>;

let standin: ProviderStandin;
let site: ChildProcess;
let state = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  state = mkdtempSync(path.join(tmpdir(), "arena-e2e-providers-"));
  standin = await startProviderStandin(STANDIN_PORT);
  site = spawn(
    process.execPath,
    [
      "scripts/serve.mjs",
      "--port",
      String(SITE_PORT),
      "--state",
      state,
      "--fresh",
      ...Object.entries(VARS).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { detached: true, stdio: "ignore" },
  );
  await waitForSite(SITE, 200_000);
});

test.afterAll(async () => {
  if (site?.pid) process.kill(-site.pid, "SIGTERM");
  await standin?.close();
  rmSync(state, { recursive: true, force: true });
});

test.use({ ...FIRST_VISIT, baseURL: SITE });

/** Every request the page makes to a provider's origin (the stand-in). */
function providerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(STANDIN)) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

const ran = (page: Page) => page.evaluate(() => (window as unknown as { __standin?: Standin }).__standin ?? {});
const cookieNames = async (page: Page) => (await page.context().cookies()).map((c) => c.name);
const decided = (bits: string) => [
  { name: "consent", value: `1.${bits}.2026-11-23.00000000-0000-4000-8000-00000000000${bits[0]}`, url: SITE },
];

test("configured with every provider: nothing reaches any of them before consent", async ({ page }) => {
  const requests = providerRequests(page);
  standin.clear();
  const response = await page.goto("/en/");
  const csp = response!.headers()["content-security-policy"]!;
  expect(csp).toMatch(new RegExp(`script-src [^;]*${STANDIN}`));
  expect(csp).toMatch(new RegExp(`connect-src [^;]*${STANDIN}`));
  await expect(banner(page)).toBeVisible(BANNER_TIMEOUT);
  // The settings name every configured provider under its category.
  await banner(page).getByRole("button", { name: "Configure" }).click();
  await expect(settingsDialog(page).getByText("Services: Crisp (chat), UserWay (accessibility)")).toBeVisible();
  await expect(
    settingsDialog(page).getByText("Services: Google (Analytics and Ads), Meta (Facebook pixel)"),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(settingsDialog(page)).toBeHidden();
  await painted(page);
  expect(requests).toEqual([]);
  expect(standin.requests()).toEqual([]);
  expect(await ran(page)).toEqual({});
  expect((await cookieNames(page)).filter((name) => name !== "lang")).toEqual([]);
});

test("accept all: each provider loads once, in the page's language, with Consent Mode, and counts every page view", async ({
  page,
}) => {
  const requests = providerRequests(page);
  await page.goto("/val/");
  await banner(page).getByRole("button", { name: "Acceptar-les totes" }).click(BANNER_TIMEOUT);
  await expect
    .poll(async () => Object.keys(await ran(page)).sort())
    .toEqual(["accessibility", "chat", "googleTag", "metaPixel"]);
  const first = await ran(page);
  // Valencian pages give widgets "ca".
  expect(first.chat).toMatchObject({ id: CHAT_ID, locale: "ca" });
  expect(first.accessibility).toMatchObject({ account: "UwTest42", language: "ca" });
  const denied = {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
  };
  const granted = {
    ad_storage: "granted",
    ad_user_data: "granted",
    ad_personalization: "granted",
    analytics_storage: "granted",
  };
  expect(first.googleTag!.events.slice(0, 2)).toEqual([
    ["consent", "default", denied],
    ["consent", "update", granted],
  ]);
  expect(first.googleTag!.events).toContainEqual(["config", "G-STANDIN1", { send_page_view: false }]);
  expect(first.metaPixel!.events.slice(0, 2)).toEqual([
    ["consent", "grant"],
    ["init", "100200300"],
  ]);
  const pageViews = async () => {
    const now = await ran(page);
    return [
      now.googleTag!.events.filter((e) => e[0] === "event" && e[1] === "page_view").length,
      now.metaPixel!.events.filter((e) => e[0] === "track" && e[1] === "PageView").length,
    ];
  };
  await expect.poll(pageViews).toEqual([1, 1]);
  expect(await cookieNames(page)).toEqual(
    expect.arrayContaining(["_ga", "_ga_STANDIN", "_fbp", `crisp-client%2Fsession%2F${CHAT_ID}`]),
  );

  // A client-side navigation is a page view too; no script runs twice.
  await page.locator('.site-nav a[href="/val/events/"]').click();
  await expect(page).toHaveURL(/\/val\/events\/$/);
  await expect.poll(pageViews).toEqual([2, 2]);
  const after = await ran(page);
  expect(Object.values(after).map((p) => p.runs)).toEqual([1, 1, 1, 1]);
  const pageView = after.googleTag!.events.filter((e) => e[1] === "page_view").at(-1)!;
  expect(pageView[2]).toMatchObject({ page_location: `${SITE}/val/events/` });
  expect(requests.filter((path) => !path.startsWith("/collect")).sort()).toEqual([
    "/crisp/l.js",
    "/fbevents.js",
    "/gtag/js",
    "/userway/widget.js",
  ]);
});

test("each category loads only its own: analytics alone gets the Google tag with ads denied", async ({
  page,
  context,
}) => {
  await context.addCookies(decided("010"));
  const requests = providerRequests(page);
  await page.goto("/es/");
  await expect.poll(async () => Object.keys(await ran(page))).toEqual(["googleTag"]);
  const { googleTag } = await ran(page);
  expect(googleTag!.events[1]).toEqual([
    "consent",
    "update",
    { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "granted" },
  ]);
  await painted(page);
  expect(requests.filter((path) => !path.startsWith("/collect"))).toEqual(["/gtag/js"]);
});

test("the widgets follow the page's language", async ({ page, context }) => {
  await context.addCookies(decided("100"));
  for (const [lang, code] of [
    ["es", "es"],
    ["en", "en"],
    ["val", "ca"],
  ]) {
    await page.goto(`/${lang}/about/`);
    // The two widgets load independently: wait for both, not for the first one.
    await expect
      .poll(async () => {
        const { chat, accessibility } = await ran(page);
        return [chat?.locale, accessibility?.language];
      }, BANNER_TIMEOUT)
      .toEqual([code, code]);
    const widgets = await ran(page);
    expect(widgets.googleTag).toBeUndefined();
    expect(widgets.metaPixel).toBeUndefined();
  }
});

test("member pages load no third party, whatever was accepted", async ({ page, context }) => {
  await context.addCookies(decided("111"));
  const requests = providerRequests(page);
  for (const path of ["/en/login/", "/es/register/", "/val/password-reset/"]) {
    await page.goto(path);
    await consentRuntimeRunning(page);
    await painted(page);
  }
  expect(requests).toEqual([]);
  expect(await ran(page)).toEqual({});
});

test("member and identity screens load no third party whatever the path's spelling", async ({ page, context }) => {
  await context.addCookies(decided("111"));
  const requests = providerRequests(page);
  // An escaped letter, doubled slashes, a dot segment, capitals: each is the screen itself.
  for (const [spelling, address] of [
    ["/en/regist%65r/", "/en/register/"],
    ["/val/%70assword-reset/", "/val/password-reset/"],
    ["/es/%64ashboard/settings/", "/es/login/"],
    ["/EN//Login/", "/en/login/"],
    ["/es/%2e/register/", "/es/register/"],
    ["/VAL/Email-Verification", "/val/login/"],
  ] as const) {
    await page.goto(spelling);
    expect(new URL(page.url()).pathname, spelling).toBe(address);
    await consentRuntimeRunning(page);
    await painted(page);
  }
  expect(requests).toEqual([]);
  expect(await ran(page)).toEqual({});
});

test("a signed-in member's screens load no third party whatever the path's spelling", async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.addCookies(decided("111"));
  const requests = providerRequests(page);
  await signInAsDemo(page);
  // Each screen of the member area, with the member's data on it, in each language, spelled with
  // an escaped letter (either hex case), doubled slashes, dot segments or capitals in turn.
  const spellings = [
    (lang: string, screen: string) => `/${lang}/%${screen.charCodeAt(0).toString(16)}${screen.slice(1)}/`,
    (lang: string, screen: string) =>
      `/${lang}/${screen.slice(0, -1)}%${screen
        .charCodeAt(screen.length - 1)
        .toString(16)
        .toUpperCase()}/`,
    (lang: string, screen: string) => `/${lang}//${screen.replace("/", "//")}/`,
    (lang: string, screen: string) => `/${lang}/./x/../${screen}/`,
    (lang: string, screen: string) => `/${lang.toUpperCase()}/${screen.toUpperCase()}`,
  ];
  const screens = [
    "dashboard",
    "dashboard/events",
    "dashboard/tickets",
    "dashboard/user-information",
    "dashboard/settings",
  ];
  for (const [l, lang] of ["es", "en", "val"].entries())
    for (const [s, screen] of screens.entries()) {
      // Each language turns the spellings by one: every screen meets three of them.
      const spelling = spellings[(l + s) % spellings.length]!(lang, screen);
      await page.goto(spelling);
      expect(new URL(page.url()).pathname, spelling).toBe(`/${lang}/${screen}/`);
      await consentRuntimeRunning(page);
      await painted(page);
    }
  expect(requests).toEqual([]);
  expect(await ran(page)).toEqual({});
});

test("following a link into the member area from a page where third parties run leaves them behind", async ({
  page,
  context,
}) => {
  await context.addCookies(decided("111"));
  await page.goto("/en/");
  await expect.poll(async () => Object.keys(await ran(page)).length, BANNER_TIMEOUT).toBe(4);
  const requests = providerRequests(page);
  // The header's sign-in link navigates in the app; the sign-in screen then loads as a whole page.
  const reloaded = page.waitForEvent("load");
  await page.locator("a.account-link").click();
  await reloaded;
  expect(new URL(page.url()).pathname).toBe("/en/login/");
  await consentRuntimeRunning(page);
  await painted(page);
  expect(await ran(page)).toEqual({});
  expect(requests).toEqual([]);
});

test("withdrawal: nothing runs any more and the providers' first-party cookies are gone", async ({ page, context }) => {
  await context.addCookies(decided("111"));
  await page.goto("/en/");
  await expect.poll(async () => Object.keys(await ran(page)).length, BANNER_TIMEOUT).toBe(4);
  await expect.poll(() => cookieNames(page)).toEqual(expect.arrayContaining(["_ga", "_fbp"]));

  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  const requests = providerRequests(page);
  // A provider already running can only be stopped by a reload: the page reloads.
  const reloaded = page.waitForEvent("load");
  await settingsDialog(page).getByRole("button", { name: "Reject all" }).click();
  await reloaded;
  expect(await storedChoice(context)).toBe("000");
  await consentRuntimeRunning(page);
  await painted(page);
  expect(await ran(page)).toEqual({});
  expect(requests).toEqual([]);
  const names = await cookieNames(page);
  for (const gone of ["_ga", "_ga_STANDIN", "_fbp", `crisp-client%2Fsession%2F${CHAT_ID}`])
    expect(names).not.toContain(gone);
});
