import { LANGUAGES, type Lang } from "#app/lib/languages.ts";
import { contentKeys, normaliseSlug } from "./keys";
import { recordRename } from "./renames";
import { bumpSiteVersion, storedLinksGeneration } from "./version";

/** A content change announced by the CMS, as the publish webhook understood it. */
export type ContentChange =
  | {
      kind: "story";
      action: "published" | "unpublished" | "deleted" | "moved";
      storyId: number;
      fullSlug: string | null;
    }
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

/** Where a story id was last cached, per language (a renamed or moved story's old slug). */
async function rememberedSlugs(kv: KVNamespace, storyId: number): Promise<Map<Lang, string>> {
  const remembered = await Promise.all(LANGUAGES.map((lang) => kv.get(contentKeys.storySlug(storyId, lang))));
  const slugs = new Map<Lang, string>();
  LANGUAGES.forEach((lang, i) => {
    const slug = remembered[i];
    if (slug) slugs.set(lang, normaliseSlug(slug));
  });
  return slugs;
}

/**
 * Deletes every cached entry a change may have made wrong: for a story, that story in all three
 * languages (under its current and previous slugs), every listing, the link index and the
 * redirect table; for a datasource, its entries. Also forgets the space's cache version so the
 * next CDN read fetches the latest, and bumps the site version last, so the edge page cache
 * misses from then on (and a page rendered from content read before the deletes is never served
 * under the new version).
 *
 * When the story's path changed (renamed, moved, unpublished, deleted, or nothing says where it
 * was), every other story that links to it holds a stale link: the links generation moves on
 * with the version, so every story is read afresh, and a renamed published story's old paths
 * answer 301 to the new one (renames.ts). Running it twice is harmless.
 */
export async function purgeContent(kv: KVNamespace, change: ContentChange): Promise<string[]> {
  const purged: string[] = [contentKeys.cacheVersion];
  await kv.delete(contentKeys.cacheVersion);

  if (change.kind === "datasource") {
    purged.push(...(await deleteByPrefix(kv, contentKeys.datasourcePrefix(change.slug))));
    await bumpSiteVersion(kv);
    return purged;
  }

  const generation = await storedLinksGeneration(kv);
  const current = change.fullSlug ? normaliseSlug(change.fullSlug.replace(LANGUAGE_CODES, "")) : null;
  const remembered = await rememberedSlugs(kv, change.storyId);
  const slugs = new Set([...(current ? [current] : []), ...remembered.values()]);
  const storyKeys = [...slugs].flatMap((slug) => LANGUAGES.map((lang) => contentKeys.story(lang, slug, generation)));
  await Promise.all(storyKeys.map((key) => kv.delete(key)));
  purged.push(...storyKeys);

  const renamed = current !== null && [...remembered.values()].some((slug) => slug !== current);
  const pathsChanged = change.action !== "published" || renamed || slugs.size === 0;
  if (renamed && (change.action === "published" || change.action === "moved")) {
    await recordRename(kv, remembered.values(), current);
    await Promise.all(LANGUAGES.map((lang) => kv.put(contentKeys.storySlug(change.storyId, lang), current)));
  }
  await kv.delete(contentKeys.links);
  purged.push(contentKeys.links);
  purged.push(...(await deleteByPrefix(kv, contentKeys.listingPrefix)));
  purged.push(...(await deleteByPrefix(kv, contentKeys.datasourcePrefix(REDIRECTS_DATASOURCE))));
  await bumpSiteVersion(kv, { pathsChanged });
  return purged;
}
