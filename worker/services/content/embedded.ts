import * as v from "valibot";
import type { ContentLink, ContentSource, DatasourceEntry, StoryQuery } from "#app/lib/content-source.ts";
import { StoryResponseSchema, type Story } from "#app/lib/content-types.ts";
import { siteConfigOf } from "#app/lib/site-config.server.ts";
import { API_LANG, LANGUAGES, type Lang } from "#app/lib/languages.ts";
import { createDateShifter, type DateShifter } from "#app/lib/events/date-shift.ts";
import eventsAnchor from "#content/events-anchor.json";
import { normaliseSlug } from "./keys";
import { DatasourceEntriesResponseSchema } from "./wire";

/** False in a build made with `ARENA_CONTENT=storyblok` (vite.config.ts); unset (true) in tests. */
declare const __EMBEDDED_STORIES__: boolean | undefined;

/**
 * The embedded stories in `content/stories/<lang>/<slug>.json`, bundled into the Worker, except in
 * a Storyblok build: there the glob's branch is dropped at build time with every story it imports.
 */
const files: Record<string, unknown> =
  typeof __EMBEDDED_STORIES__ === "boolean" && !__EMBEDDED_STORIES__
    ? {}
    : import.meta.glob<unknown>("../../../content/stories/*/**/*.json", { eager: true, import: "default" });

/** Whether this build carries the embedded stories (a Storyblok build does not). */
export const hasEmbeddedStories = Object.keys(files).length > 0;
/** The embedded datasources in `content/datasources/<slug>.json` (CDN `datasource_entries` shape). */
const datasourceFiles = import.meta.glob<unknown>("../../../content/datasources/*.json", {
  eager: true,
  import: "default",
});

/**
 * Embedded event dates are written against the anchor day in `content/events-anchor.json` and
 * moved by whole weeks to the current one when read, so the local site never runs out of
 * upcoming events (docs/events.md). Storyblok content keeps its real dates.
 */
const bundledShifter = createDateShifter(eventsAnchor);

function storyKey(lang: Lang, slug: string): string {
  return `${lang}/${normaliseSlug(slug)}`;
}

/**
 * Stories by `<lang>/<slug>` from files named `…/content/stories/<lang>/<slug>.json`. Embedded
 * content is checked once at start-up: a malformed file fails loudly in tests.
 */
function indexStories(storyFiles: Record<string, unknown>): Map<string, Story> {
  const index = new Map<string, Story>();
  for (const [path, json] of Object.entries(storyFiles)) {
    const key = path.replace(/^.*content\/stories\//, "").replace(/\.json$/, "");
    index.set(key, v.parse(StoryResponseSchema, json).story);
  }
  return index;
}

const bundledStories = indexStories(files);

const datasources = new Map<string, DatasourceEntry[]>();
for (const [path, json] of Object.entries(datasourceFiles)) {
  const slug = path.replace(/^.*content\/datasources\//, "").replace(/\.json$/, "");
  datasources.set(
    slug,
    v.parse(DatasourceEntriesResponseSchema, json).datasource_entries.map((entry) => ({
      name: entry.name,
      value: entry.value,
      dimensionValue: entry.dimension_value ?? null,
    })),
  );
}
/** The same entries without a dimension, made once: every page request reads the redirect rules. */
const undimensioned = new Map(
  [...datasources].map(([slug, entries]) => [slug, entries.map((entry) => ({ ...entry, dimensionValue: null }))]),
);

/**
 * The full slug as Storyblok's `starts_with` matches it: without the language prefix that
 * translated stories carry (`en/restaurants/x`, `ca/restaurants/x` → `restaurants/x`).
 */
function defaultFullSlug(story: Story, lang: Lang): string {
  const prefix = `${API_LANG[lang]}/`;
  return lang !== LANGUAGES[0] && story.full_slug.startsWith(prefix) ? story.full_slug.slice(prefix.length) : story.full_slug;
}

/** Storyblok's `sort_by` on a root or `content.` field, `:asc` or `:desc`. */
function sortStories(list: Story[], sortBy: string | undefined): Story[] {
  if (!sortBy) return list;
  const [field = "", direction = "asc"] = sortBy.split(":");
  const read = (story: Story): string => {
    const value = field.startsWith("content.")
      ? story.content[field.slice("content.".length)]
      : (story as Record<string, unknown>)[field];
    return typeof value === "string" || typeof value === "number" ? String(value) : "";
  };
  const sign = direction === "desc" ? -1 : 1;
  return [...list].sort((a, b) => sign * read(a).localeCompare(read(b)));
}

export interface EmbeddedContentOptions {
  /** Story files as `import.meta.glob` gives them (path → CDN `{ story }` JSON); the bundled ones by default. */
  storyFiles?: Record<string, unknown>;
  /** Moves event dates to the current weeks; the bundled anchor's by default. */
  shiftDates?: DateShifter;
}

/**
 * Reads the embedded stories; the default source when no Storyblok token is configured.
 * Listings are worked out once per query and date shift (then only sliced into pages), so a
 * large catalogue costs its sort once, not on every page of every request.
 */
let customSources = 0;

export function createEmbeddedContentSource(options: EmbeddedContentOptions = {}): ContentSource {
  const stories = options.storyFiles ? indexStories(options.storyFiles) : bundledStories;
  // Sources built from other files (tests) must never share a version with the bundled one.
  const name = options.storyFiles ? `embedded-${(customSources += 1)}` : "embedded";
  const shift = options.shiftDates ?? bundledShifter;
  const byLang = new Map<Lang, Story[]>(
    LANGUAGES.map((lang) => [lang, [...stories.entries()].filter(([key]) => key.startsWith(`${lang}/`)).map(([, s]) => s)]),
  );
  const storiesOf = (lang: Lang) => byLang.get(lang) ?? [];
  const listings = new Map<string, Story[]>();

  function matchingStories(lang: Lang, query: StoryQuery): Story[] {
    const days = shift.currentDays();
    const key = [lang, query.startsWith ?? "", query.contentType ?? "", query.sortBy ?? "", days].join("|");
    let matching = listings.get(key);
    if (!matching) {
      const filtered = storiesOf(lang)
        .filter(
          (story) =>
            (!query.startsWith || defaultFullSlug(story, lang).startsWith(query.startsWith)) &&
            (!query.contentType || story.content.component === query.contentType),
        )
        .map(shift);
      matching = sortStories(filtered, query.sortBy);
      // Another shift (a new week) makes the older listings useless.
      for (const old of listings.keys()) if (!old.endsWith(`|${days}`)) listings.delete(old);
      listings.set(key, matching);
    }
    return matching;
  }

  return {
    async version() {
      return `${name}:${shift.currentDays()}`;
    },
    async getStory(lang, slug) {
      const story = stories.get(storyKey(lang, slug));
      return story ? shift(story) : null;
    },
    async getSiteConfig(lang) {
      const story = stories.get(storyKey(lang, "config"));
      return siteConfigOf(story?.content);
    },
    async listStories(lang, query) {
      const matching = matchingStories(lang, query);
      const perPage = query.perPage ?? 25;
      const start = ((query.page ?? 1) - 1) * perPage;
      return { stories: matching.slice(start, start + perPage), total: matching.length };
    },
    async getLinks(): Promise<ContentLink[]> {
      // The default language tree holds every story; the others carry the same slugs.
      return storiesOf(LANGUAGES[0]).map((story) => ({
        uuid: story.uuid,
        slug: story.full_slug,
        name: story.name,
        isFolder: false,
        isStartpage: story.full_slug === "home",
        published: true,
      }));
    },
    async getDatasource(slug, dimension) {
      return (dimension ? datasources.get(slug) : undimensioned.get(slug)) ?? [];
    },
  };
}

/**
 * The version of the embedded content: it changes only when a new week moves the events' dates
 * (a new build changes the rest, and the page cache keys on the build too).
 */
export function embeddedContentVersion(): string {
  return `embedded:${bundledShifter.currentDays()}`;
}
