import { createMiddleware } from "hono/factory";
import { detectLang, HTML_LANG, langOfPath } from "../../app/lib/languages";
import type { AppEnv } from "../types";

/**
 * The caching policy of everything the Worker answers, in one place (docs/edge-and-shell.md,
 * "HTTP caching"). Routes and middleware that know better set their own `Cache-Control`
 * (member pages and previews `private, no-store`, sitemap and robots an hour, calendar files
 * five minutes, CMS redirects five minutes); a response without one gets the default here.
 */
export const CACHE_POLICY = {
  /**
   * Public HTML pages and their `.data` requests: any cache may keep a copy but must revalidate
   * it before every use, so a publish shows at once. The edge page cache (a later issue) will
   * add its own `s-maxage` here, in this one place.
   */
  publicPage: "public, max-age=0, must-revalidate",
  /** Anything personal, failed or state-changing: never stored. */
  none: "no-store",
} as const;

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
 * - `Content-Language` on HTML pages: the page's language tree (or the detected language).
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
    if (type.startsWith("text/html") && !headers.has("Content-Language")) {
      const { pathname } = new URL(c.req.url);
      const lang =
        langOfPath(pathname) ?? detectLang(c.req.header("Cookie") ?? null, c.req.header("Accept-Language") ?? null);
      headers.set("Content-Language", HTML_LANG[lang]);
    }
  });
}
