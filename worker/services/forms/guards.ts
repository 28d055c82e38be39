/**
 * The abuse checks every submission passes before its body is even read, shared by the JSON
 * API and the pages' form actions so both doors are equally guarded.
 */

/**
 * True when a browser says the post comes from another site. A present `Origin` must be this
 * site's (the configured public origin or the request's own); without one, `Sec-Fetch-Site`
 * decides. Non-browser API clients send neither and are let through to the other checks.
 */
export function isCrossSite(request: Request, publicOrigin: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    const own = new URL(request.url).origin;
    return origin !== own && (publicOrigin === "" || origin !== publicOrigin);
  }
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

/** Who is asking, for the rate limiter: Cloudflare's client address, set by the edge. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/**
 * One request against the per-client, per-form limit. A limiter outage lets the request through
 * (losing a real message is worse than a burst), and is logged.
 */
export async function withinRateLimit(limiter: RateLimit, key: string): Promise<boolean> {
  try {
    const { success } = await limiter.limit({ key });
    return success;
  } catch (error) {
    console.warn("Rate limiter unavailable; request allowed", error);
    return true;
  }
}
