// `npm run size`: what the public pages' first load costs in JavaScript (gzip), against the
// budget, and a check that no server secret or server-only module reached the client bundle.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { freePort } from "#tests/free-port.mjs";
import { BROWSER_UA, CHROMIUM_ARGS, STARTER_DIR, withBuiltServer, withStarter } from "./lib.mjs";

/**
 * The budget is a ratio (docs/performance.md): every public page's first load at most 1.10× the bare
 * starter's (tests/bench/starter, React Router 8 with the same package versions, built and loaded
 * the same way in the same run), so the site's own code stays within a tenth of the framework's.
 * The pages: the home page, a content page with rich text, the event list, an event page, the
 * contact page (a form) and sign-in (whose form's code loads once the form is reached for,
 * app/routes/auth/login.tsx). The consent design's own budgets, checked below (docs/consent.md, "Cost"): every site
 * loads at most 1 kB for the update check; a site with a third party configured at most 2.4 kB
 * for the banner and the update check together.
 */
const UPDATE_CHECK_BUDGET_KB = 1;
const CONSENT_BUDGET_KB = 2.4;
const STARTER_RATIO_BUDGET = 1.1;
/**
 * The starter's first load when it is not measured (`--no-starter`, for a quicker look): the
 * figure of the last runs (113.5 kB gzip). Measured runs always use the run's own figure.
 */
const STARTER_KB_WHEN_NOT_MEASURED = 113.5;
const PAGES = [
  "/es/",
  "/en/about/",
  "/en/events/",
  "/en/event/marea-alta-gira-mediterrania/",
  "/en/contact/",
  "/en/login/",
];
/** Names and markers that must never appear in browser code. */
const FORBIDDEN = [
  /STORYBLOK_(PREVIEW_)?TOKEN/,
  /WEBHOOK_SECRET/,
  /TICKETS_IMPORT_API_KEY/,
  /catalogues\.server/,
  /"Ningún resultado coincide/,
];

const gzipBytes = (file, root = "build/client") => gzipSync(readFileSync(path.join(root, file))).length;

/**
 * Every script a real browser fetches while loading and hydrating the page (modulepreloads,
 * route modules and the block chunks loaded on demand), measured as gzip of the built file.
 */
async function scriptsLoadedBy(browser, url, { consent = true } = {}) {
  const page = await browser.newPage({ userAgent: BROWSER_UA });
  const files = new Set();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) files.add(pathname);
  });
  // The update check's code arrives 1500 ms after hydration (with the banner's on a configured
  // site), possibly after the network idled.
  const consentRuntime =
    consent && page.waitForResponse((response) => UPDATE_NOTICE.test(response.url()), { timeout: 20_000 });
  await page.goto(url, { waitUntil: "networkidle" });
  if (consentRuntime) await consentRuntime;
  await page.waitForLoadState("networkidle");
  await page.close();
  return [...files];
}

/** The consent manager's code, loaded after hydration where something is configured (app/components/consent/). */
const CONSENT_RUNTIME = /\/assets\/consent-runtime-[\w-]+\.js$/;
/** The update check's code, which every page loads after hydration. */
const UPDATE_NOTICE = /\/assets\/update-notice-[\w-]+\.js$/;
/** Code that an unconfigured site must never load: the third parties' loader. */
const THIRD_PARTY_CODE = /\/assets\/third-party-loader-[\w-]+\.js$/;

/**
 * The update check (what every site loads) and the banner with it (what a site with a third party
 * configured loads): their chunks as built plus what the always-loaded part adds to the root
 * route's file (measured at build time, build/consent-stub.json). On an unconfigured site, no
 * third-party code at all.
 */
function checkConsentBudget(files) {
  const stub = JSON.parse(readFileSync("build/consent-stub.json", "utf8")).gzip;
  const built = readdirSync("build/client/assets").map((file) => `/assets/${file}`);
  const chunk = (pattern) => built.filter((file) => pattern.test(file)).reduce((sum, file) => sum + gzipBytes(file), 0);
  const updateCheck = (stub + chunk(UPDATE_NOTICE)) / 1000;
  const banner = updateCheck + chunk(CONSENT_RUNTIME) / 1000;
  const thirdParty = files.filter((file) => THIRD_PARTY_CODE.test(file));
  const ok =
    chunk(UPDATE_NOTICE) > 0 &&
    chunk(CONSENT_RUNTIME) > 0 &&
    updateCheck <= UPDATE_CHECK_BUDGET_KB &&
    banner <= CONSENT_BUDGET_KB &&
    thirdParty.length === 0;
  if (!ok) failed = true;
  console.log(
    `update check (every site)\t${updateCheck.toFixed(2)} kB gzip (budget ${UPDATE_CHECK_BUDGET_KB} kB); banner + update check (a configured site) ${banner.toFixed(2)} kB (budget ${CONSENT_BUDGET_KB} kB) ${ok ? "ok" : "OVER BUDGET"}; third-party code: ${thirdParty.length} files`,
  );
}

let failed = false;
const launch = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });

// The baseline: the bare starter's home (tests/bench/starter), built and loaded the same way.
let starterBytes = STARTER_KB_WHEN_NOT_MEASURED * 1000;
if (!process.argv.includes("--no-starter")) {
  await withStarter(Number(process.env.SIZE_STARTER_PORT) || (await freePort()), async (origin) => {
    const browser = await launch();
    try {
      const files = await scriptsLoadedBy(browser, `${origin}/`, { consent: false });
      starterBytes = files.reduce((sum, file) => sum + gzipBytes(file, path.join(STARTER_DIR, "build/client")), 0);
      console.log(
        `bare starter /\t${files.length} scripts\t${(starterBytes / 1000).toFixed(1)} kB gzip (the baseline)`,
      );
    } finally {
      await browser.close();
    }
  });
}

await withBuiltServer(Number(process.env.SIZE_PORT) || (await freePort()), async (origin) => {
  const browser = await launch();
  try {
    const budget = (starterBytes * STARTER_RATIO_BUDGET) / 1000;
    for (const page of PAGES) {
      const files = await scriptsLoadedBy(browser, origin + page);
      if (page === PAGES[0]) checkConsentBudget(files);
      if (process.env.SIZE_VERBOSE) for (const f of files) console.log(`  ${(gzipBytes(f) / 1000).toFixed(1)} kB ${f}`);
      const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
      const ratio = bytes / starterBytes;
      const ok = ratio <= STARTER_RATIO_BUDGET;
      if (process.env.SIZE_VERBOSE) console.log(`  ${bytes} bytes, budget ${Math.floor(budget * 1000)}`);
      if (!ok) failed = true;
      const verdict = `(budget ≤ ${STARTER_RATIO_BUDGET.toFixed(2)}×, ${budget.toFixed(1)} kB) ${ok ? "ok" : "OVER BUDGET"}`;
      console.log(
        `${page}\t${files.length} scripts\t${(bytes / 1000).toFixed(1)} kB (${(bytes / 1024).toFixed(1)} KiB) gzip\t${ratio.toFixed(3)}× the starter ${verdict}`,
      );
    }
  } finally {
    await browser.close();
  }
});

const assets = readdirSync("build/client/assets").filter((f) => f.endsWith(".js"));
for (const file of assets) {
  const text = readFileSync(path.join("build/client/assets", file), "utf8");
  for (const pattern of FORBIDDEN) {
    if (pattern.test(text)) {
      console.log(`client bundle ${file} contains ${pattern}`);
      failed = true;
    }
  }
}
console.log(failed ? "size check failed" : `client bundle clean (${assets.length} files checked)`);
process.exit(failed ? 1 : 0);
