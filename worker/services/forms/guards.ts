/**
 * The abuse checks every submission passes before its body is even read, shared by the JSON
 * API and the pages' form actions so both doors are equally guarded (the same-site check is the
 * Worker's, for every state change: worker/middleware/same-site.ts).
 */

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
