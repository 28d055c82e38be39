import type { Context } from "hono";
import type { AppEnv } from "#worker/types.ts";

/** Asks the Worker itself for a request (the same app and environment). */
export type Follow = (request: Request, c: Context<AppEnv>) => Response | Promise<Response>;

const PERMANENT = new Set([301, 308]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

function merged(first: string | null, second: string | null): string | null {
  const names = [first, second].flatMap((value) => value?.split(",").map((name) => name.trim()) ?? []);
  const unique = [...new Map(names.filter(Boolean).map((name) => [name.toLowerCase(), name])).values()];
  return unique.length > 0 ? unique.join(", ") : null;
}

/**
 * A redirect the Worker gives before rendering (an edge rule, a CMS rule) as one hop to where it
 * finally leads: the Worker is asked for its target first, and when that answers with a redirect too (the event list's nearest view, the member
 * guard's sign-in, a CMS rule, an old switcher mark), the visitor is sent there at once. The hop
 * is permanent only when both were; it sets every cookie either set, is private when either was,
 * and varies on what either varied on. A target that is a page keeps the edge's own answer (its
 * render fills the edge page cache, so the visitor's next request finds it there).
 */
export async function oneHop(
  c: Context<AppEnv>,
  first: Response,
  follow: Follow | undefined,
  /** Answers the request itself when the target is missing (404, 410): no hop to a dead end. */
  missing?: () => Promise<Response>,
): Promise<Response> {
  const location = first.headers.get("Location");
  if (!follow || !location) return first;
  const target = new URL(location, c.req.url);
  // Only this site's own addresses are asked: another site's answer is that site's to give.
  if (target.origin !== new URL(c.req.url).origin) return first;
  const onward = await follow(new Request(target, { method: c.req.method, headers: c.req.raw.headers }), c);
  await onward.body?.cancel();
  if (missing && (onward.status === 404 || onward.status === 410)) return missing();
  const next = onward.headers.get("Location");
  if (!REDIRECT.has(onward.status) || !next) return first;
  const headers = new Headers(first.headers);
  headers.set("Location", next);
  for (const cookie of onward.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const vary = merged(first.headers.get("Vary"), onward.headers.get("Vary"));
  if (vary) headers.set("Vary", vary);
  const personal = [first, onward].some((answer) => /private|no-store/.test(answer.headers.get("Cache-Control") ?? ""));
  if (personal) headers.set("Cache-Control", "private, no-store");
  const status = PERMANENT.has(first.status) && PERMANENT.has(onward.status) ? 301 : 302;
  return new Response(null, { status, headers });
}
