// `npm run size`: what the public pages' first load costs in JavaScript (gzip), against the
// budget, and a check that no server secret or server-only module reached the client bundle.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { BROWSER_UA, CHROMIUM_ARGS, STARTER_DIR, withBuiltServer, withStarter } from "./lib.mjs";

/**
 * Budgets in kB (1000 bytes) of gzip. Issue 2 sets 130 kB for the home page; the other public
 * pages are held to 135 kB so they cannot drift (a page whose footer form is on the first screen
 * also loads the form's code: docs/performance.md).
 */
const HOME_BUDGET_KB = 130;
const PAGE_BUDGET_KB = 135;
const PAGES = [
  { path: "/es/", budget: HOME_BUDGET_KB },
  { path: "/en/about/", budget: PAGE_BUDGET_KB },
  { path: "/en/events/", budget: PAGE_BUDGET_KB },
  { path: "/en/event/marea-alta-gira-mediterrania/", budget: PAGE_BUDGET_KB },
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

/** Issue 13's target: a public page's first load at most 1.10× the bare starter's. */
const STARTER_RATIO_TARGET = 1.1;

/**
 * Every script a real browser fetches while loading and hydrating the page (modulepreloads,
 * route modules and the block chunks loaded on demand), measured as gzip of the built file.
 */
async function scriptsLoadedBy(browser, url) {
  const page = await browser.newPage({ userAgent: BROWSER_UA });
  const files = new Set();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) files.add(pathname);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.close();
  return [...files];
}

let failed = false;
const launch = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });

// The baseline: the bare starter's home (tests/bench/starter), built and loaded the same way.
let starterBytes = NaN;
if (!process.argv.includes("--no-starter")) {
  await withStarter(Number(process.env.SIZE_STARTER_PORT ?? 8828), async (origin) => {
    const browser = await launch();
    try {
      const files = await scriptsLoadedBy(browser, `${origin}/`);
      starterBytes = files.reduce((sum, file) => sum + gzipBytes(file, path.join(STARTER_DIR, "build/client")), 0);
      console.log(
        `bare starter /\t${files.length} scripts\t${(starterBytes / 1000).toFixed(1)} kB gzip (the baseline)`,
      );
    } finally {
      await browser.close();
    }
  });
}

await withBuiltServer(Number(process.env.SIZE_PORT ?? 8798), async (origin) => {
  const browser = await launch();
  try {
    for (const { path: page, budget } of PAGES) {
      const files = await scriptsLoadedBy(browser, origin + page);
      if (process.env.SIZE_VERBOSE) for (const f of files) console.log(`  ${(gzipBytes(f) / 1000).toFixed(1)} kB ${f}`);
      const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
      const kB = bytes / 1000;
      const verdict = kB <= budget ? "ok" : "OVER BUDGET";
      if (kB > budget) failed = true;
      const ratio = bytes / starterBytes;
      const versus = Number.isNaN(ratio)
        ? ""
        : `\t${ratio.toFixed(2)}× the starter (target ≤ ${STARTER_RATIO_TARGET.toFixed(2)}${ratio <= STARTER_RATIO_TARGET ? "" : ", over"})`;
      console.log(
        `${page}\t${files.length} scripts\t${kB.toFixed(1)} kB (${(bytes / 1024).toFixed(1)} KiB) gzip\t(budget ${budget} kB) ${verdict}${versus}`,
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
