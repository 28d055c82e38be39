import * as v from "valibot";
import type { ContentLink, ContentSource, DatasourceEntry } from "../../../app/lib/content-source";
import { SiteConfigSchema, StoryResponseSchema, type Story } from "../../../app/lib/content-types";
import { API_LANG, LANGUAGES, type Lang } from "../../../app/lib/languages";
import { createDateShifter } from "../../../app/lib/events/date-shift";
import eventsAnchor from "../../../content/events-anchor.json";
import { normaliseSlug } from "./keys";
import { DatasourceEntriesResponseSchema } from "./wire";

/** The embedded stories in `content/stories/<lang>/<slug>.json`, bundled into the Worker. */
const files = import.meta.glob<unknown>("../../../content/stories/*/**/*.json", { eager: true, import: "default" });
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
const withCurrentDates = createDateShifter(eventsAnchor);

function storyKey(lang: Lang, slug: string): string {
  return `${lang}/${normaliseSlug(slug)}`;
}

const stories = new Map<string, Story>();
for (const [path, json] of Object.entries(files)) {
  const key = path.replace(/^.*content\/stories\//, "").replace(/\.json$/, "");
  // Embedded content is checked once at start-up: a malformed file fails loudly in tests.
  stories.set(key, v.parse(StoryResponseSchema, json).story);
}

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

/**
 * The full slug as Storyblok's `starts_with` matches it: without the language prefix that
 * translated stories carry (`en/restaurants/x`, `ca/restaurants/x` → `restaurants/x`).
 */
function defaultFullSlug(story: Story, lang: Lang): string {
  const prefix = `${API_LANG[lang]}/`;
  return lang !== LANGUAGES[0] && story.full_slug.startsWith(prefix) ? story.full_slug.slice(prefix.length) : story.full_slug;
}

function storiesOf(lang: Lang): Story[] {
  return [...stories.entries()].filter(([key]) => key.startsWith(`${lang}/`)).map(([, story]) => story);
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

/** Reads the embedded stories; the default source when no Storyblok token is configured. */
export function createEmbeddedContentSource(): ContentSource {
  return {
    async getStory(lang, slug) {
      const story = stories.get(storyKey(lang, slug));
      return story ? withCurrentDates(story) : null;
    },
    async getSiteConfig(lang) {
      const story = stories.get(storyKey(lang, "config"));
      return v.parse(SiteConfigSchema, story?.content);
    },
    async listStories(lang, query) {
      const matching = storiesOf(lang)
        .map(withCurrentDates)
        .filter(
        (story) =>
          (!query.startsWith || defaultFullSlug(story, lang).startsWith(query.startsWith)) &&
          (!query.contentType || story.content.component === query.contentType),
      );
      const perPage = query.perPage ?? 25;
      const start = ((query.page ?? 1) - 1) * perPage;
      return { stories: sortStories(matching, query.sortBy).slice(start, start + perPage), total: matching.length };
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
      const entries = datasources.get(slug) ?? [];
      return dimension ? entries : entries.map((entry) => ({ ...entry, dimensionValue: null }));
    },
  };
}
