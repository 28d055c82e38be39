import { createMiddleware } from "hono/factory";
import { detectLang, HTML_LANG, langOfPath } from "#app/lib/languages.ts";
import { PUBLIC_PAGE_CACHE_CONTROL } from "#worker/services/page-cache/policy.ts";
import type { AppEnv } from "#worker/types.ts";

/**
 * The default `Cache-Control` of everything the Worker answers without one of its own
 * (docs/edge-and-shell.md, "HTTP caching"): public pages and their `.data` requests, 2xx to 4xx,
 * the page policy of the edge page cache (worker/services/page-cache/policy.ts); state changes
 * and failures are never stored. Member pages, previews, sitemap, robots, calendar files and CMS
 * redirects set their own.
 */
export const CACHE_POLICY = { publicPage: PUBLIC_PAGE_CACHE_CONTROL, none: "no-store" } as const;

/** Bodies a CDN or server compresses (gzip/brotli); their caches must key on the encoding. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json|ld\+json)|image\/svg\+xml)/;

function addVary(headers: Headers, value: string): void {
  const current = headers.get("Vary");
  if (current === "*") return;
  const names = (current ?? "").split(",").map((name) => name.trim().toLowerCase());
  if (!names.includes(value.toLowerCase())) headers.set("Vary", current ? `${current}, ${value}` : value);
}

/**
 * The HTTP headers caches and browsers expect on every Worker response:
 * - `Cache-Control` from `CACHE_POLICY` when the handler set none (public pages for a successful
 *   or 4xx GET/HEAD, `no-store` for state changes and 5xx);
 * - `Vary: Accept-Encoding` on compressible bodies (Cloudflare compresses them on the way out);
 * - `Content-Language` on every answer in a language tree (pages, their data, calendar files,
 *   localised 404/410 texts), and on other HTML pages the detected language (varying on what
 *   it was detected from).
 */
export function httpPolicy() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const { headers, status } = c.res;
    if (!headers.has("Cache-Control")) {
      const readOnly = c.req.method === "GET" || c.req.method === "HEAD";
      headers.set("Cache-Control", readOnly && status < 500 ? CACHE_POLICY.publicPage : CACHE_POLICY.none);
    }
    const type = headers.get("Content-Type") ?? "";
    if (COMPRESSIBLE.test(type) || headers.has("Content-Encoding")) addVary(headers, "Accept-Encoding");
    if (type && !headers.has("Content-Language")) {
      // Every answer with a body in a language tree is in that language, whatever its type (a page, a
      // calendar file, the plain-text 410 of a past event); an HTML page elsewhere (the 404 of
      // an unknown path) is in the language it was rendered in.
      const tree = langOfPath(new URL(c.req.url).pathname);
      const detected =
        tree === null && type.startsWith("text/html")
          ? detectLang(c.req.header("Cookie") ?? null, c.req.header("Accept-Language") ?? null)
          : null;
      const lang = tree ?? detected;
      if (lang) headers.set("Content-Language", HTML_LANG[lang]);
      // A language chosen from the request's cookie and Accept-Language varies on both, so no
      // cache hands one visitor's language to another.
      if (detected) for (const name of ["Cookie", "Accept-Language"]) addVary(headers, name);
    }
  });
}
