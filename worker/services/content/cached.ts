import * as v from "valibot";
import type { ContentSource } from "#app/lib/content-source.ts";
import { StorySchema } from "#app/lib/content-types.ts";
import { siteConfigOf } from "#app/lib/site-config.server.ts";
import type { Lang } from "#app/lib/languages.ts";
import type { ReadThroughCache } from "#worker/services/cache/kv-cache.ts";
import { contentKeys, normaliseSlug } from "./keys";
import { linksGeneration } from "./version";

const ListingSchema = v.object({ stories: v.array(StorySchema), total: v.number() });
const LinksSchema = v.array(
  v.object({
    uuid: v.string(),
    slug: v.string(),
    name: v.string(),
    isFolder: v.boolean(),
    isStartpage: v.boolean(),
    published: v.boolean(),
  }),
);
const DatasourceSchema = v.array(v.object({ name: v.string(), value: v.string(), dimensionValue: v.nullable(v.string()) }));

/**
 * Puts the KV read-through cache in front of a published content source: every story, listing,
 * link index and datasource read goes through it under its named strategy. Never used for drafts.
 */
export function cachedContentSource(
  origin: ContentSource,
  cache: ReadThroughCache,
  kv: KVNamespace,
  version?: () => Promise<string>,
): ContentSource {
  async function getStory(lang: Lang, slug: string) {
    const generation = version ? linksGeneration(await version()) : "0";
    return cache.read(contentKeys.story(lang, slug, generation), "long", StorySchema, async () => {
      const story = await origin.getStory(lang, slug);
      // Remembers where this story id lives, so a "moved" webhook can purge the old slug. Best
      // effort: if KV refuses the write, a later move leaves the old slug until its entry ages out.
      if (story) await kv.put(contentKeys.storySlug(story.id, lang), normaliseSlug(slug)).catch(() => undefined);
      return story;
    });
  }

  return {
    ...(version ? { version } : {}),
    getStory,
    async getSiteConfig(lang) {
      const story = await getStory(lang, "config");
      return siteConfigOf(story?.content);
    },
    async listStories(lang, query) {
      const listing = await cache.read(contentKeys.listing(lang, query), "long", ListingSchema, () =>
        origin.listStories(lang, query),
      );
      return listing ?? { stories: [], total: 0 };
    },
    async getLinks() {
      return (await cache.read(contentKeys.links, "long", LinksSchema, () => origin.getLinks())) ?? [];
    },
    async getDatasource(slug, dimension) {
      const entries = await cache.read(contentKeys.datasource(slug, dimension), "long", DatasourceSchema, () =>
        origin.getDatasource(slug, dimension),
      );
      return entries ?? [];
    },
  };
}
