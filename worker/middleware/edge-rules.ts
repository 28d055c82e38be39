import { createMiddleware } from "hono/factory";
import {
  detectLang,
  LANG_CHOICE_PARAM,
  LANG_COOKIE,
  langCookie,
  langOfPath,
  readCookie,
  type Lang,
} from "#app/lib/languages.ts";
import { publicOrigin } from "#app/lib/origin.ts";
import { canonicalPath } from "#app/lib/paths.ts";
import { oneHop, type Follow } from "#worker/lib/one-hop.ts";
import { isPagePath } from "#worker/lib/paths.ts";
import type { AppEnv } from "#worker/types.ts";

/**
 * A first segment that names a language, though not one of ours (`fr`, `de`, `en-gb`, `pt-br`):
 * the page does not exist in it, so it is the 404 page, not a redirect to `/es/fr/…`. Page slugs
 * are longer than two letters.
 */
const OTHER_LANGUAGE = /^[a-z]{2}(-[a-z0-9]{2,8})?$/;

/** An encoded slash or backslash: a segment holding one names no page, and must never become `//host`. */
const ENCODED_SEPARATOR = /%(2f|5c)/i;

function redirect(location: string, status: 301 | 302, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { Location: location, ...headers } });
}

/**
 * The language a visitor chose by following a link from a page of this site in another language
 * (the language switcher's links are the pages themselves): the page they land on remembers it.
 * Null when nothing changes (no such referrer, or the cookie already says so).
 */
function switchedTo(headers: Headers, origin: string, lang: Lang): Lang | null {
  const referrer = headers.get("Referer");
  if (!referrer || !origin) return null;
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return null;
  }
  if (from.origin !== origin) return null;
  const before = langOfPath(canonicalPath(from.pathname));
  if (before === null || before === lang) return null;
  return readCookie(headers.get("Cookie"), LANG_COOKIE) === lang ? null : lang;
}

/**
 * The page rules that run before rendering, each answer a single hop:
 * - a page path spelled other than its canonical form (`canonicalPath`: escapes of unreserved
 *   characters, case, doubled slashes, dot segments) or without its trailing slash → one 301 to
 *   the canonical form; an encoded slash or backslash in a segment → the 404 page, no redirect;
 * - a page path without a language prefix → 302 to the detected language (cookie,
 *   Accept-Language, Spanish), never cached, varying on both inputs; another language (`/fr/`)
 *   → the 404 page;
 * - an old language switcher's link (`?choose-lang`) → the page's language saved in the language
 *   cookie, and 302 to the page without the mark;
 * - a page reached from a page of the site in another language (the switcher's links) saves its
 *   language as the visitor's choice on its own answer, so the switcher needs no hop.
 * Every Location is a same-origin path built from a canonical pathname, and each of these
 * redirects is one hop to where it finally leads (`oneHop`, when `follow` is given).
 */
export function edgeRules(options: { follow?: Follow } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const method = c.req.method;
    // A spelling of a missing page, or a missing page without its language, is that page's 404
    // (or 410) at once rather than a redirect to it.
    const ownAnswer = async () => {
      await next();
      return c.res;
    };
    if ((method !== "GET" && method !== "HEAD") || ENCODED_SEPARATOR.test(url.pathname)) return next();
    const canonical = canonicalPath(url.pathname);
    if (!isPagePath(canonical)) return next();
    const path = canonical.endsWith("/") ? canonical : `${canonical}/`;

    const lang = langOfPath(path);
    if (!lang) {
      if (OTHER_LANGUAGE.test(path.split("/")[1] ?? "")) return next();
      const detected = detectLang(c.req.header("Cookie") ?? null, c.req.header("Accept-Language") ?? null);
      const located = redirect(`/${detected}${path}${url.search}`, 302, {
        Vary: "Cookie, Accept-Language",
        "Cache-Control": "private, no-store",
      });
      return oneHop(c, located, options.follow, ownAnswer);
    }
    if (url.searchParams.has(LANG_CHOICE_PARAM)) {
      url.searchParams.delete(LANG_CHOICE_PARAM);
      const chosen = redirect(`${path}${url.search}`, 302, {
        "Set-Cookie": langCookie(lang, url.protocol === "https:"),
        "Cache-Control": "private, no-store",
      });
      return oneHop(c, chosen, options.follow);
    }
    if (path !== url.pathname) return oneHop(c, redirect(`${path}${url.search}`, 301), options.follow, ownAnswer);

    const chosen = switchedTo(c.req.raw.headers, publicOrigin(c.env, c.req.url), lang);
    await next();
    if (chosen && c.res.ok) {
      // The page itself stays the same for everyone; only this answer carries the choice.
      c.res.headers.append("Set-Cookie", langCookie(lang, url.protocol === "https:"));
      c.res.headers.set("Cache-Control", "private, no-store");
    }
  });
}
