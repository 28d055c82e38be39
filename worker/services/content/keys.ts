import type { StoryQuery } from "#app/lib/content-source.ts";
import type { Lang } from "#app/lib/languages.ts";

/**
 * KV keys of cached content. Each carries the content version, the language where it has one,
 * and the slug, so entries never mix; only `published` content is ever stored (drafts never).
 */
const PUBLISHED = "content:published";

/** Full slug of a story as cached: the home page is `home`, no surrounding slashes. */
export function normaliseSlug(slug: string): string {
  const trimmed = slug.replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "home" : trimmed;
}

export const contentKeys = {
  /** A story under a links generation (version.ts `linksGeneration`); generation "0" keeps the plain key. */
  story: (lang: Lang, slug: string, generation = "0") =>
    `${PUBLISHED}:story:${generation === "0" ? "" : `g${generation}:`}${lang}:${normaliseSlug(slug)}`,
  storyPrefix: `${PUBLISHED}:story:`,
  /** The slug a story id was last cached under, per language (a moved story's old slug). */
  storySlug: (id: number, lang: Lang) => `${PUBLISHED}:story-slug:${id}:${lang}`,
  listing: (lang: Lang, query: StoryQuery) =>
    `${PUBLISHED}:listing:${lang}:${[
      query.startsWith ?? "",
      query.contentType ?? "",
      query.sortBy ?? "",
      query.page ?? 1,
      query.perPage ?? 25,
    ].join("|")}`,
  listingPrefix: `${PUBLISHED}:listing:`,
  links: `${PUBLISHED}:links`,
  datasource: (slug: string, dimension?: string) => `${PUBLISHED}:datasource:${slug}:${dimension ?? ""}`,
  datasourcePrefix: (slug: string) => `${PUBLISHED}:datasource:${slug}:`,
  /**
   * Paths a renamed or moved story had, and where it is now (`[{ from, to }]`): 301s next to the
   * editors' redirect rules, so links and bookmarks to the old path keep working.
   */
  renamedPaths: "content:renamed-paths",
  /** Moved when a story's path changes: part of every cached story's key (version.ts). */
  linksGeneration: "content:links-generation",
  /** The published site's version, bumped by every purge: part of each edge page cache key. */
  siteVersion: "content:site-version",
  /** The space's current cache version (`cv`), sent with every CDN request. */
  cacheVersion: "content:cv",
} as const;
