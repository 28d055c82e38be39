import { createMiddleware } from "hono/factory";
import { detectLang, isLang, LANG_CHOICE_PARAM, langCookie, langOfPath } from "#app/lib/languages.ts";
import { isPagePath, safePath } from "#worker/lib/paths.ts";
import type { AppEnv } from "#worker/types.ts";

/**
 * A first segment that names a language, though not one of ours (`fr`, `de`, `en-gb`, `pt-BR`):
 * the page does not exist in it, so it is the 404 page, not a redirect to `/es/fr/…`. Page slugs
 * are longer than two letters.
 */
const OTHER_LANGUAGE = /^[a-z]{2}(-[a-z0-9]{2,8})?$/i;

function redirect(location: string, status: 301 | 302, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers: { Location: location, ...headers } });
}

/**
 * The page rules that run before rendering:
 * - a page path without a language prefix → 302 to the detected language (cookie,
 *   Accept-Language, Spanish), never cached, varying on both inputs; one of our languages in
 *   capitals (`/EN/events/`) → 301 to it in lower case; another language (`/fr/`) → the 404 page;
 * - a language switcher's link (`?choose-lang`) → the page's language saved in the language
 *   cookie, and 302 to the same page without the mark (and with its trailing slash);
 * - a GET/HEAD page path without a trailing slash, or with capitals → 301 to the same path with
 *   one, in lower case.
 * Every Location is a same-origin path built from a normalised pathname.
 */
export function edgeRules() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !isPagePath(url.pathname)) return next();

    const path = safePath(url.pathname);
    const withSlash = path.endsWith("/") ? path : `${path}/`;

    if (!langOfPath(path)) {
      const first = path.split("/")[1] ?? "";
      const lowered = first.toLowerCase();
      if (isLang(lowered)) return redirect(`/${lowered}${withSlash.slice(first.length + 1)}${url.search}`, 301);
      if (OTHER_LANGUAGE.test(first)) return next();
      const lang = detectLang(c.req.header("Cookie") ?? null, c.req.header("Accept-Language") ?? null);
      return redirect(`/${lang}${withSlash}${url.search}`, 302, {
        Vary: "Cookie, Accept-Language",
        "Cache-Control": "private, no-store",
      });
    }
    const chosen = langOfPath(path);
    if (chosen && url.searchParams.has(LANG_CHOICE_PARAM)) {
      url.searchParams.delete(LANG_CHOICE_PARAM);
      return redirect(`${withSlash}${url.search}`, 302, {
        "Set-Cookie": langCookie(chosen, url.protocol === "https:"),
        "Cache-Control": "private, no-store",
      });
    }
    // One address per page: React Router matches case-insensitively, so /es/LOGIN/ was a copy.
    const lowered = withSlash.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
    if (path !== url.pathname || !url.pathname.endsWith("/") || lowered !== withSlash) {
      return redirect(`${lowered}${url.search}`, 301);
    }
    return next();
  });
}
