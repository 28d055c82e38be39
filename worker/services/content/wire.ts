import * as v from "valibot";
import { StorySchema } from "#app/lib/content-types.ts";

/**
 * The Storyblok CDN API v2 response shapes this site reads, checked at the boundary. Stories
 * themselves use the shared `StorySchema`; extra fields pass through untouched.
 */
export const StoriesResponseSchema = v.looseObject({
  stories: v.array(StorySchema),
  cv: v.optional(v.number()),
});

export const LinkSchema = v.looseObject({
  uuid: v.string(),
  slug: v.string(),
  name: v.string(),
  is_folder: v.boolean(),
  is_startpage: v.boolean(),
  published: v.boolean(),
});

export const DatasourceEntrySchema = v.looseObject({
  name: v.string(),
  value: v.string(),
  dimension_value: v.nullish(v.string()),
});

export const DatasourceEntriesResponseSchema = v.looseObject({ datasource_entries: v.array(DatasourceEntrySchema) });

export const SpaceResponseSchema = v.looseObject({
  space: v.looseObject({ id: v.number(), version: v.number() }),
});
