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

/** Forgets the version this isolate trusts (tests that empty KV behind its back). */
export function forgetSiteVersion(): void {
  known = null;
}

/**
 * The version of the published content, part of every edge page cache key: a publish bumps it
 * (`bumpSiteVersion`), so every page rendered before is simply never looked up again. It is
 * `storyblok:<links generation>.<stamp>`; the embedded stories' version moves with their date shift.
 */
export async function siteVersion(env: Env, now = Date.now()): Promise<string> {
  if (!usesStoryblok(env)) return embeddedContentVersion();
  if (known && known.kv === env.CACHE && now - known.readAt < TRUST_MS) return known.value;
  const [stamp, generation] = await Promise.all([
    env.CACHE.get(contentKeys.siteVersion),
    env.CACHE.get(contentKeys.linksGeneration),
  ]);
  const value = `storyblok:${generation ?? "0"}.${stamp ?? "0"}`;
  known = { kv: env.CACHE, value, readAt: now };
  return value;
}

/**
 * The links generation within a site version. It is part of every cached story's key and moves
 * only when a story's path changes, since every story that links to it holds its old path.
 */
export function linksGeneration(version: string): string {
  return /^storyblok:([^.]+)\./.exec(version)?.[1] ?? "0";
}

/** The links generation as stored (what `siteVersion` will read). */
export async function storedLinksGeneration(kv: KVNamespace): Promise<string> {
  return (await kv.get(contentKeys.linksGeneration)) ?? "0";
}

/**
 * Moves the site version on (after a purge): pages cached under the old one are never served
 * again. With `pathsChanged`, the links generation moves too: every cached story is read afresh
 * from the CDN (links resolved to the new paths), without deleting one key per story; the old
 * entries age out of KV on their own. The generation has its own key, written only here, so a
 * later publish can never put an older generation back.
 */
export async function bumpSiteVersion(kv: KVNamespace, options: { pathsChanged?: boolean } = {}): Promise<void> {
  known = null;
  const stamp = () => `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  if (options.pathsChanged) await kv.put(contentKeys.linksGeneration, stamp());
  await kv.put(contentKeys.siteVersion, stamp());
}
