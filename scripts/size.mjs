// `npm run size`: what the public pages' first load costs in JavaScript (gzip), against the
// budget, and a check that no server secret or server-only module reached the client bundle.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { BROWSER_UA, withBuiltServer } from "./lib.mjs";

const BUDGET_KB = 130;
const PAGES = ["/es/", "/en/about/", "/en/events/", "/en/event/marea-alta-gira-mediterrania/"];
/** Names and markers that must never appear in browser code. */
const FORBIDDEN = [
  /STORYBLOK_(PREVIEW_)?TOKEN/,
  /WEBHOOK_SECRET/,
  /TICKETS_IMPORT_API_KEY/,
  /catalogues\.server/,
  /"Ningún resultado coincide/,
];

function scriptsOf(html) {
  const found = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*\*?[^"']*["'](\/assets\/[^"']+\.js)["']/g)) found.add(m[1]);
  return [...found];
}

const gzipKb = (file) => gzipSync(readFileSync(path.join("build/client", file))).length / 1024;

let failed = false;
await withBuiltServer(8798, async (origin) => {
  for (const page of PAGES) {
    const html = await (await fetch(origin + page, { headers: { "User-Agent": BROWSER_UA } })).text();
    const files = scriptsOf(html);
    const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
    const verdict = total <= BUDGET_KB ? "ok" : "OVER BUDGET";
    if (total > BUDGET_KB) failed = true;
    console.log(`${page}\t${files.length} scripts\t${total.toFixed(1)} kB gzip\t(budget ${BUDGET_KB} kB) ${verdict}`);
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
