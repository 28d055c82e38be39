import * as v from "valibot";
import { AssetSchema } from "#app/lib/image.ts";
// From the schema module itself: the rich-text renderer imports the block registry, which imports this file.
import { RichTextSchema } from "#app/lib/rich-text/schema.ts";
import { LinkSchema } from "#app/lib/rich-text/links.ts";

/** One line of a restaurant's opening hours, as editors write it: "Monday to Friday" · "13:00–16:00". */
export const openingHoursSchema = v.looseObject({
  component: v.literal("opening_hours"),
  _uid: v.string(),
  days: v.pipe(v.string(), v.minLength(1)),
  hours: v.pipe(v.string(), v.minLength(1)),
});

/**
 * A restaurant's own fields. A restaurant is a `page` story in the restaurants folder whose body
 * holds one `restaurant` block: the detail page renders it, the `restaurants` list reads it.
 */
export const restaurantSchema = v.looseObject({
  component: v.literal("restaurant"),
  _uid: v.string(),
  name: v.pipe(v.string(), v.minLength(1)),
  cuisine: v.optional(v.string(), ""),
  /** One sentence for the list's card. */
  summary: v.optional(v.string(), ""),
  description: v.optional(RichTextSchema),
  image: v.optional(AssetSchema),
  /** Where it is inside the arena: level, concourse, nearest gate. */
  location: v.optional(v.string(), ""),
  opening_hours: v.optional(v.array(openingHoursSchema), []),
  reservation_link: v.optional(LinkSchema),
  phone: v.optional(v.string(), ""),
  /** What a meal costs, as editors write it ("20–35 €"): shown on the page and in its markup. */
  price_range: v.optional(v.string(), ""),
  /** A Storyblok multi-asset field. */
  gallery: v.optional(v.array(AssetSchema), []),
});
export type RestaurantFields = v.InferOutput<typeof restaurantSchema>;

/** What the list shows of one restaurant: small, because it travels to the browser with the page. */
export interface RestaurantCardData {
  path: string;
  name: string;
  cuisine: string;
  summary: string;
  location: string;
  image: { filename: string; alt: string } | null;
  openingHours: { days: string; hours: string }[];
}

/** The restaurant block of a story's body; null for stories that are not restaurants. */
export function restaurantIn(body: unknown): RestaurantFields | null {
  if (!Array.isArray(body)) return null;
  for (const blok of body) {
    const parsed = v.safeParse(restaurantSchema, blok);
    if (parsed.success) return parsed.output;
  }
  return null;
}

/** A list card's data from a restaurant's fields and the path of its page. */
export function restaurantCard(fields: RestaurantFields, path: string): RestaurantCardData {
  return {
    path,
    name: fields.name,
    cuisine: fields.cuisine,
    summary: fields.summary,
    location: fields.location,
    image: fields.image?.filename ? { filename: fields.image.filename, alt: fields.image.alt ?? "" } : null,
    openingHours: fields.opening_hours.map(({ days, hours }) => ({ days, hours })),
  };
}
