import { expect, test, type APIRequestContext } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
 * Every page passes the Nu HTML Checker (vnu.jar, the W3C validator's engine) with no errors, in
 * es, en and val: the pages of the axe walk, the auth screens and the signed-in dashboard. The
 * HTML is taken as served (a browser's User-Agent, so React streams, and the whole body read, so
 * streaming has completed) and checked in one batch, because the JVM takes seconds to start.
 */
const VNU_JAR: string = createRequire(import.meta.url)("vnu-jar");

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

interface Checked {
  lang: Lang;
  path: string;
  signedIn: boolean;
}

async function saveHtml(request: APIRequestContext, dir: string, pages: Checked[], page: Checked, problems: string[]) {
  const response = await request.get(page.path, { maxRedirects: 0 });
  const expected = page.path.includes("no-such-page") ? 404 : 200;
  if (response.status() !== expected) problems.push(`${page.path}: status ${response.status()}`);
  writeFileSync(join(dir, `${pages.length}.html`), await response.text());
  pages.push(page);
}

/** Runs vnu once over every saved page; its JSON report goes to stderr. */
function runVnu(dir: string, count: number): VnuMessage[] {
  const files = Array.from({ length: count }, (_, index) => join(dir, `${index}.html`));
  const result = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Error(`Java 17 is needed for the HTML checker: ${result.error.message}`);
  const report = JSON.parse(result.stderr || "{}") as { messages?: VnuMessage[] };
  if (!report.messages) throw new Error(`vnu gave no report (exit ${result.status}): ${result.stderr}`);
  return report.messages;
}

test("every page passes the Nu HTML Checker in es, en and val, signed in and out", async ({ page, baseURL }) => {
  test.setTimeout(600_000);
  const origin = baseURL ?? "";
  await stayLocal(page, origin);
  const dir = mkdtempSync(join(tmpdir(), "vnu-pages-"));
  const pages: Checked[] = [];
  const problems: string[] = [];
  try {
    for (const lang of LANGS) {
      const signedOut = [
        ...(await sitemapPaths(origin, lang)),
        ...(await eventPaths(page, lang)),
        ...authPaths(lang),
        notFoundPath(lang),
      ];
      for (const path of signedOut) await saveHtml(page.request, dir, pages, { lang, path, signedIn: false }, problems);
    }
    await signInAsDemo(page);
    for (const lang of LANGS)
      for (const path of dashboardPaths(lang))
        await saveHtml(page.request, dir, pages, { lang, path, signedIn: true }, problems);
    // Every language and both states were collected, so a silent gap would show here.
    for (const lang of LANGS) expect(pages.filter((p) => p.lang === lang).length).toBeGreaterThan(15);

    for (const message of runVnu(dir, pages.length)) {
      if (message.type !== "error" && message.subType !== "fatal") continue;
      // The checker's CSS validator predates CSS Anchor Positioning (the header's popovers use
      // `anchor()` inside @supports) and container queries (Baseline since 2023; the home hero
      // lays out its buttons by its column's width); gaps of the checker, not errors of the page.
      if (
        message.message?.startsWith("CSS:") &&
        /anchor\(|“(anchor-name|position-anchor|container|container-type|container-name)”|at-rule “@container”/.test(
          message.message,
        )
      )
        continue;
      // Nor does it know `<link rel="expect" blocking="render">` (WHATWG HTML since 2024; the
      // shell's first frame waits for the footer with it, app/root.tsx): only that exact link.
      if (
        /“blocking” attribute/.test(message.message) &&
        message.extract?.includes('<link rel="expect" href="#site-copyright" blocking="render"/>')
      )
        continue;
      const index = Number(/(\d+)\.html$/.exec(message.url ?? "")?.[1]);
      const where = pages[index];
      const label = where ? `${where.path}${where.signedIn ? " (signed in)" : ""}` : (message.url ?? "?");
      problems.push(
        `${label} ${message.lastLine}:${message.firstColumn}: ${message.message} ← ${message.extract ?? ""}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(problems).toEqual([]);
});
