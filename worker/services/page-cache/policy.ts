import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from "#app/lib/auth/session.ts";
import { readCookie } from "#app/lib/languages.ts";

/**
 * The one place that says which pages are shared, how long, and what browsers are told
 * (docs/performance.md, "Caching"). Personal responses stay `private, no-store`.
 */
export const PAGE_CACHE = {
  /** A cached page younger than this is served as it is. */
  freshSeconds: 60,
  /** Then, up to this much longer, it is served at once while one request renders it again. */
  staleSeconds: 24 * 60 * 60,
} as const;

/**
 * What browsers (and any shared cache before the Worker) are told about a public page: keep it,
 * but ask again every time; the ETag makes the question cheap (a 304 without a body). The edge
 * page cache itself is purged by a publish, a browser's copy could not be, hence no max-age.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** The `Cache-Control` directives of a response that is someone's own, never to be shared. */
export const PERSONAL_CACHE_CONTROL = /\b(private|no-store|no-cache)\b/i;

/** Whether a request may be answered from, or stored in, the shared page cache. */
export function isCacheableRequest(request: Request, options: { preview: boolean }): boolean {
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return false;
  if (options.preview) return false;
  if (request.headers.has("Authorization")) return false;
  // A member's browser: their pages may differ, and nothing of theirs may be shared.
  const cookies = request.headers.get("Cookie");
  return readCookie(cookies, SESSION_COOKIE) === null && readCookie(cookies, SIGNED_IN_HINT_COOKIE) === null;
}

/**
 * Whether a rendered response may be stored: a complete 200 that sets no cookie and was not
 * marked personal by its route (member loaders and form actions send `private`/`no-store`).
 */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("Set-Cookie")) return false;
  return !PERSONAL_CACHE_CONTROL.test(response.headers.get("Cache-Control") ?? "");
}

/**
 * A streamed page whose content failed after the first bytes were sent: React leaves a boundary
 * to be rendered in the browser (`<!--$!-->`). Such a page is served, never stored.
 */
export function renderedCompletely(html: string): boolean {
  return !html.includes("<!--$!-->");
}
