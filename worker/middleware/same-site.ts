import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { publicOrigin } from "#app/lib/origin.ts";
import { apiError } from "#worker/api/errors.ts";
import type { AppEnv } from "#worker/types.ts";

declare module "hono" {
  interface ContextVariableMap {
    crossSiteRefused: boolean;
  }
}

/** Methods that cannot change state; every other method passes the same-site rule first. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The only state-changing endpoints another site may call, because they authenticate the caller
 * themselves and are called by servers, never by a visitor's browser.
 */
export const SAME_SITE_EXEMPT: ReadonlyArray<{ method: string; path: string; why: string }> = [
  { method: "POST", path: "/api/webhooks/storyblok", why: "signed by Storyblok (webhook-signature) or its URL token" },
  { method: "POST", path: "/api/tickets/import", why: "the ticketing platform's bearer API key" },
];

/**
 * Whether a state-changing request comes from this site's own pages:
 * - `Sec-Fetch-Site` (sent by every current browser) must be `same-origin` or `none` (typed by the
 *   visitor); `cross-site` and `same-site` (a sibling subdomain) are refused;
 * - a present `Origin` must be this site's: the request's own origin or the public origin
 *   (`Origin: null`, sent by sandboxed frames and some redirects, is refused);
 * - with neither header the sender is not a current browser: it passes only without cookies, so
 *   nothing ambient (a session, the language cookie) can be used by an old browser tricked into
 *   posting, while servers and command-line clients (which send no cookies) still can.
 */
export function isSameSiteRequest(headers: Headers, requestUrl: string, siteOrigin: string): boolean {
  const fetchSite = headers.get("Sec-Fetch-Site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = headers.get("Origin");
  if (origin !== null) return origin === new URL(requestUrl).origin || (siteOrigin !== "" && origin === siteOrigin);
  if (fetchSite !== null) return true;
  return !headers.has("Cookie");
}

function isExempt(method: string, pathname: string): boolean {
  return SAME_SITE_EXEMPT.some((route) => route.method === method && route.path === pathname);
}

/**
 * One same-site rule for every non-GET/HEAD request, API and page actions alike (the exemptions
 * above aside). A refused `/api/*` request gets the API's translated JSON 403; a refused page
 * request reaches React Router flagged, and the root middleware answers it with the translated
 * error page (403) before any action runs, for documents and data requests alike.
 */
export function sameSite() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { method } = c.req;
    const { pathname } = new URL(c.req.url);
    if (SAFE_METHODS.has(method) || isExempt(method, pathname)) return next();
    if (isSameSiteRequest(c.req.raw.headers, c.req.url, publicOrigin(c.env, c.req.url))) return next();
    if (pathname === "/api" || pathname.startsWith("/api/")) return apiError(c, 403, "cross_site", "FORM.CROSS_SITE");
    c.set("crossSiteRefused", true);
    return next();
  });
}

/** Whether `sameSite` refused this (page) request. */
export function crossSiteRefused(c: Context): boolean {
  return c.get("crossSiteRefused") === true;
}
