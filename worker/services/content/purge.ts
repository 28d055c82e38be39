import { LANGUAGES } from "#app/lib/languages.ts";
import { contentKeys, normaliseSlug } from "./keys";
import { bumpSiteVersion } from "./version";

/** A content change announced by the CMS, as the publish webhook understood it. */
export type ContentChange =
  | { kind: "story"; storyId: number; fullSlug: string | null }
  | { kind: "datasource"; slug: string };

/** The datasource holding the edge redirect rules. */
export const REDIRECTS_DATASOURCE = "redirects";

const LANGUAGE_CODES = /^(?:en|ca|es|val)\//;

async function deleteByPrefix(kv: KVNamespace, prefix: string): Promise<string[]> {
  const deleted: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix, ...(cursor ? { cursor } : {}) });
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
    deleted.push(...page.keys.map((key) => key.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return deleted;
}

/** The slugs a story may be cached under: the webhook's, and the ones remembered for its id (a move's old slug). */
async function slugsOf(kv: KVNamespace, storyId: number, fullSlug: string | null): Promise<Set<string>> {
  const slugs = new Set<string>();
  if (fullSlug) slugs.add(normaliseSlug(fullSlug.replace(LANGUAGE_CODES, "")));
  const remembered = await Promise.all(LANGUAGES.map((lang) => kv.get(contentKeys.storySlug(storyId, lang))));
  for (const slug of remembered) if (slug) slugs.add(normaliseSlug(slug));
  return slugs;
}

/**
 * Deletes every cached entry a change may have made wrong: for a story, that story in all three
 * languages (under its current and previous slugs), every listing, the link index and the
 * redirect table; for a datasource, its entries. Also forgets the space's cache version so the
 * next CDN read fetches the latest, and bumps the site version last, so the edge page cache
 * misses from then on (and a page rendered from content read before the deletes is never served
 * under the new version). Running it twice is harmless.
 */
export async function purgeContent(kv: KVNamespace, change: ContentChange): Promise<string[]> {
  const purged: string[] = [contentKeys.cacheVersion];
  await kv.delete(contentKeys.cacheVersion);

  if (change.kind === "datasource") {
    purged.push(...(await deleteByPrefix(kv, contentKeys.datasourcePrefix(change.slug))));
    await bumpSiteVersion(kv);
    return purged;
  }

  const slugs = await slugsOf(kv, change.storyId, change.fullSlug);
  if (slugs.size === 0) {
    // Nothing says where the story was cached: drop every cached story rather than leave one stale.
    purged.push(...(await deleteByPrefix(kv, contentKeys.storyPrefix)));
  } else {
    const storyKeys = [...slugs].flatMap((slug) => LANGUAGES.map((lang) => contentKeys.story(lang, slug)));
    await Promise.all(storyKeys.map((key) => kv.delete(key)));
    purged.push(...storyKeys);
  }
  await kv.delete(contentKeys.links);
  purged.push(contentKeys.links);
  purged.push(...(await deleteByPrefix(kv, contentKeys.listingPrefix)));
  purged.push(...(await deleteByPrefix(kv, contentKeys.datasourcePrefix(REDIRECTS_DATASOURCE))));
  await bumpSiteVersion(kv);
  return purged;
}
