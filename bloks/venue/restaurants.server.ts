import { storyPath } from "#app/lib/rich-text/links.ts";
import type { BlokDataArgs } from "#bloks/data.server.ts";
import type { Blok } from "#app/lib/content-types.ts";
import { restaurantCard, restaurantIn, type RestaurantCardData } from "./restaurant";

/** Where restaurant stories live unless the block names another folder. */
export const DEFAULT_RESTAURANTS_FOLDER = "restaurants/";
/** Plenty for one arena; the CDN's largest page. */
const MAX_RESTAURANTS = 100;

/** `restaurants/` from an editor's `restaurants`, `/restaurants/` or `restaurants/`; the default otherwise. */
export function restaurantsFolder(value: unknown): string {
  if (typeof value !== "string") return DEFAULT_RESTAURANTS_FOLDER;
  const trimmed = value.trim().replace(/^\/+|\/+$/g, "");
  return /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*$/.test(trimmed) ? `${trimmed}/` : DEFAULT_RESTAURANTS_FOLDER;
}

/**
 * The `restaurants` block's data: every page in the folder that holds a `restaurant` block, by
 * name. Stories without one (the folder's own start page) are not restaurants and are left out.
 */
export async function resolveRestaurants(blok: Blok, { app }: BlokDataArgs): Promise<RestaurantCardData[]> {
  const folder = restaurantsFolder(blok.folder);
  const { stories } = await app.content.listStories(app.lang, {
    startsWith: folder,
    contentType: "page",
    sortBy: "name:asc",
    perPage: MAX_RESTAURANTS,
  });
  return stories.flatMap((story) => {
    const fields = restaurantIn(story.content.body);
    return fields ? [restaurantCard(fields, storyPath(story.full_slug, app.lang))] : [];
  });
}
