/**
 * True when a state-changing request comes from this site's own pages: the browser's `Origin`
 * must be the request's origin (or the configured public origin behind a proxy), and a
 * `Sec-Fetch-Site: cross-site` request is refused even if a proxy rewrote `Origin`.
 * A request without `Origin` is refused: every browser sends it on POST, PATCH and DELETE.
 */
export function isSameOriginRequest(headers: Headers, requestUrl: string, publicOrigin: string): boolean {
  if (headers.get("Sec-Fetch-Site") === "cross-site") return false;
  const origin = headers.get("Origin");
  if (!origin) return false;
  const own = new URL(requestUrl).origin;
  return origin === own || (publicOrigin !== "" && origin === publicOrigin);
}
