import { embeddedContentVersion } from "./embedded";
import { contentKeys } from "./keys";
import { usesStoryblok } from "./settings";

/**
 * How long an isolate trusts the site version it last read from KV. Short, so a publish reaches
 * every isolate of a location within a second or two (the target is five); the isolate that
 * handled the webhook forgets it at once.
 */
const TRUST_MS = 1_000;

let known: { kv: KVNamespace; value: string; readAt: number } | null = null;

/**
 * The version of the published content, part of every edge page cache key: a publish bumps it
 * (`bumpSiteVersion`), so every page rendered before is simply never looked up again. The
 * embedded stories' version moves with their date shift.
 */
export async function siteVersion(env: Env, now = Date.now()): Promise<string> {
  if (!usesStoryblok(env)) return embeddedContentVersion();
  if (known && known.kv === env.CACHE && now - known.readAt < TRUST_MS) return known.value;
  const value = `storyblok:${(await env.CACHE.get(contentKeys.siteVersion)) ?? "0"}`;
  known = { kv: env.CACHE, value, readAt: now };
  return value;
}

/** Moves the site version on (after a purge): pages cached under the old one are never served again. */
export async function bumpSiteVersion(kv: KVNamespace): Promise<void> {
  known = null;
  await kv.put(contentKeys.siteVersion, `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`);
}
