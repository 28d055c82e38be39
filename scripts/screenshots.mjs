// `npm run screenshots`: full-page PNGs of the site's main screens for people to review (never
// compared pixel by pixel in CI). Builds (or reuses the build with `--use-existing-build`), serves
// the built Worker with the demo seed, signs in the demo member for the dashboard screens, and
// writes `screenshots/<label>/<page>-<lang>-<width>x<height>.png` at phone and desktop sizes.
//   npm run screenshots [-- --label before] [-- --port 8806] [-- --use-existing-build]
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { BROWSER_UA, CHROMIUM_ARGS, withBuiltServer } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    label: { type: "string", default: "current" },
    port: { type: "string", default: "8806" },
    "use-existing-build": { type: "boolean", default: false },
  },
});

if (!/^[\w.-]+$/.test(values.label)) throw new Error(`--label must be a plain folder name, not "${values.label}"`);
const OUT_DIR = path.join("screenshots", values.label);
const LANGS = ["es", "en", "val"];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
const DEMO = { email: "demo@arena.test", password: "arena-demo-2026" };

/**
 * A stored "necessary cookies only" decision (app/lib/consent/consent.ts), so the consent banner
 * of a first visit does not cover the screens under review.
 */
function consentCookie(origin) {
  const version = /POLICY_VERSION = (\d+)/.exec(readFileSync("app/lib/consent/consent.ts", "utf8"))?.[1] ?? "1";
  const today = new Date().toISOString().slice(0, 10);
  return { name: "consent", value: `${version}.000.${today}.${randomUUID()}`, url: origin };
}

/** The first event page the event list links to, so the captured event always exists. */
async function firstEventSlug(origin) {
  const html = await (await fetch(`${origin}/es/events/`, { headers: { "User-Agent": BROWSER_UA } })).text();
  const match = /href="\/es\/event\/([a-z0-9-]+)\/"/.exec(html);
  if (!match) throw new Error("the event list links to no event page");
  return match[1];
}

/** Public screens (no session) and member screens (signed in), by file name. */
function screens(eventSlug) {
  return {
    public: [
      { name: "home", path: "/" },
      { name: "events", path: "/events/" },
      { name: "event", path: `/event/${eventSlug}/` },
      { name: "about", path: "/about/" },
      { name: "contact", path: "/contact/" },
      { name: "login", path: "/login/" },
      { name: "not-found", path: "/this-page-does-not-exist/" },
    ],
    member: [
      { name: "dashboard", path: "/dashboard/" },
      { name: "dashboard-tickets", path: "/dashboard/events/" },
      { name: "dashboard-personal-data", path: "/dashboard/user-information/" },
      { name: "dashboard-settings", path: "/dashboard/settings/" },
    ],
  };
}

/** Signs the demo member in through the login screen, as a visitor would. */
async function signIn(page, origin) {
  await page.goto(`${origin}/en/login/`);
  const submit = page.locator("main form button[type=submit]");
  await submit.waitFor();
  // The form's fieldset is enabled once the identity SDK has loaded.
  await page.waitForFunction(() => document.querySelector("main form button[type=submit]")?.matches(":enabled"));
  await page.locator("main input[name=email]").fill(DEMO.email);
  await page.locator("main input[name=password]").fill(DEMO.password);
  await submit.click();
  await page.waitForURL(/\/en\/dashboard\//, { timeout: 60_000 });
}

/**
 * Waits for the network to go quiet, for a few seconds at most: member pages keep the identity
 * SDK's connection open, so they never become fully idle.
 */
async function settle(page) {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
}

/**
 * Opens a page as a visitor moving through the site does: a full load from the page before (the
 * browser's cache has the site font by then). A tab with no page yet opens it as a first page.
 */
async function open(page, url) {
  if (!page.url().startsWith("http")) return page.goto(url, { waitUntil: "load" });
  await page.evaluate((next) => location.assign(next), url);
  await page.waitForURL(url, { waitUntil: "load" });
}

/** Loads a page, lets lazy images and fonts settle, and writes one full-page PNG. */
async function capture(page, url, file, { firstVisit = false } = {}) {
  if (firstVisit) await page.goto(url, { waitUntil: "load" });
  else await open(page, url);
  await settle(page);
  // Lazy images below the fold load only when scrolled to; scroll through once, then back.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
    await document.fonts.ready;
  });
  await settle(page);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  return path.basename(file);
}

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const written = [];

await withBuiltServer(Number(values.port), async (origin) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const { public: publicScreens, member: memberScreens } = screens(await firstEventSlug(origin));
    for (const viewport of VIEWPORTS) {
      const size = `${viewport.width}x${viewport.height}`;
      const visitor = await browser.newContext({ viewport, userAgent: BROWSER_UA });
      await visitor.addCookies([consentCookie(origin)]);
      const visitorPage = await visitor.newPage();
      // A visitor's first page, in the fallback face; every other screen comes after it.
      for (const lang of LANGS) {
        const file = path.join(OUT_DIR, `home-first-visit-${lang}-${size}.png`);
        written.push(await capture(visitorPage, `${origin}/${lang}/`, file, { firstVisit: true }));
      }
      for (const lang of LANGS) {
        for (const screen of publicScreens) {
          const file = path.join(OUT_DIR, `${screen.name}-${lang}-${size}.png`);
          written.push(await capture(visitorPage, `${origin}/${lang}${screen.path}`, file));
        }
      }
      await visitor.close();

      const member = await browser.newContext({ viewport, userAgent: BROWSER_UA });
      await member.addCookies([consentCookie(origin)]);
      const memberPage = await member.newPage();
      await signIn(memberPage, origin);
      for (const lang of LANGS) {
        for (const screen of memberScreens) {
          const file = path.join(OUT_DIR, `${screen.name}-${lang}-${size}.png`);
          written.push(await capture(memberPage, `${origin}/${lang}${screen.path}`, file));
        }
      }
      await member.close();
    }
  } finally {
    await browser.close();
  }
});

console.log(`${written.length} screenshots in ${OUT_DIR}/`);
for (const file of written.sort()) console.log(`  ${file}`);
