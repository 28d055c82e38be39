import * as v from "valibot";

/** A block as the content service sends it: a component name, a uid, and its own fields. */
export const BlokSchema = v.looseObject({
  component: v.string(),
  _uid: v.string(),
});
export type Blok = v.InferOutput<typeof BlokSchema> & Record<string, unknown>;

/** A story in the Storyblok CDN API v2 shape (the fields the site reads). */
export const StorySchema = v.looseObject({
  id: v.number(),
  uuid: v.string(),
  name: v.string(),
  slug: v.string(),
  full_slug: v.string(),
  lang: v.string(),
  published_at: v.nullish(v.string()),
  first_published_at: v.nullish(v.string()),
  content: BlokSchema,
});
export type Story = v.InferOutput<typeof StorySchema>;

export const StoryResponseSchema = v.looseObject({
  story: StorySchema,
  cv: v.optional(v.number()),
  rels: v.optional(v.array(v.unknown())),
  links: v.optional(v.array(v.unknown())),
});
export type StoryResponse = v.InferOutput<typeof StoryResponseSchema>;

/** A menu link as the site configuration story holds it. */
export const MenuLinkSchema = v.object({
  label: v.string(),
  slug: v.string(),
});
export type MenuLink = v.InferOutput<typeof MenuLinkSchema>;

export const SiteConfigSchema = v.looseObject({
  component: v.literal("site_config"),
  _uid: v.string(),
  header_menu: v.array(MenuLinkSchema),
  footer_menu: v.array(MenuLinkSchema),
});
export type SiteConfig = v.InferOutput<typeof SiteConfigSchema>;
