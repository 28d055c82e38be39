import * as v from "valibot";
import { SiteConfigSchema, StoryResponseSchema, type SiteConfig, type Story } from "../../../app/lib/content-types";
import type { ContentSource } from "../../../app/lib/content-source";
import type { Lang } from "../../../app/lib/languages";

/** The embedded stories in `content/stories/<lang>/<slug>.json`, bundled into the Worker. */
const files = import.meta.glob<unknown>("../../../content/stories/*/**/*.json", { eager: true, import: "default" });

function storyKey(lang: Lang, slug: string): string {
  return `${lang}/${slug === "" ? "home" : slug.replace(/\/$/, "")}`;
}

const stories = new Map<string, Story>();
for (const [path, json] of Object.entries(files)) {
  const key = path.replace(/^.*content\/stories\//, "").replace(/\.json$/, "");
  // Embedded content is checked once at start-up: a malformed file fails loudly in tests.
  stories.set(key, v.parse(StoryResponseSchema, json).story);
}

/** Reads the embedded stories; the default source when no Storyblok token is configured. */
export function createEmbeddedContentSource(): ContentSource {
  return {
    async getStory(lang, slug) {
      return stories.get(storyKey(lang, slug)) ?? null;
    },
    async getSiteConfig(lang): Promise<SiteConfig> {
      const story = stories.get(storyKey(lang, "config"));
      return v.parse(SiteConfigSchema, story?.content);
    },
  };
}
