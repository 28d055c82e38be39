import * as v from "valibot";
import type { EditableAttributes } from "#bloks/editable.ts";
import { AddressLinkSchema } from "./rich-text/links";

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

/**
 * A menu link as the site configuration story holds it: a `link` to a story (which follows the
 * story through renames and moves: Storyblok resolves it by id), or a typed `slug` (older
 * entries). The site reads the link first (app/lib/site-config.server.ts).
 */
export const MenuLinkSchema = v.object({
  label: v.string(),
  slug: v.optional(
    v.pipe(
      v.string(),
      v.description("Older entries only: a page's slug as typed (about). Leave empty and pick the Link instead."),
      // A slug is an address: the same in every language (a translated one would lead to a 404).
      v.metadata({ translatable: false }),
    ),
    "",
  ),
  link: v.optional(
    v.pipe(
      AddressLinkSchema,
      v.description("The page this entry opens: pick the story; the menu follows it when it is renamed or moved."),
    ),
  ),
});
/** A menu entry; in a verified preview, with its click-to-edit marker (app/lib/site-config.server.ts). */
export type MenuLink = v.InferOutput<typeof MenuLinkSchema> & { editable?: EditableAttributes };

/** An address the footer links out to: https only, so content can never inject `javascript:`. */
const HttpsUrlSchema = v.pipe(v.string(), v.url(), v.startsWith("https://"));

/** A social network profile in the footer; the label is the network's own name. */
export const SocialLinkSchema = v.object({
  network: v.picklist(["instagram", "facebook", "x", "youtube", "tiktok"]),
  label: v.string(),
  url: HttpsUrlSchema,
});
export type SocialLink = v.InferOutput<typeof SocialLinkSchema> & { editable?: EditableAttributes };

/**
 * The site configuration story: the header menu (six links in the bar, the rest under "More"),
 * the footer's three columns, box office contact, social profiles and app store links. The
 * footer's fields fall back to empty when content leaves them out or gets one wrong, so a slip
 * in the CMS never takes the whole site down.
 */
export const SiteConfigSchema = v.looseObject({
  component: v.literal("site_config"),
  _uid: v.string(),
  header_menu: v.array(MenuLinkSchema),
  footer_visit: v.fallback(v.array(MenuLinkSchema), []),
  footer_venue: v.fallback(v.array(MenuLinkSchema), []),
  footer_legal: v.fallback(v.array(MenuLinkSchema), []),
  box_office_phone: v.fallback(v.string(), ""),
  box_office_email: v.fallback(v.string(), ""),
  box_office_hours: v.fallback(v.string(), ""),
  address: v.fallback(v.string(), ""),
  social_links: v.fallback(v.array(SocialLinkSchema), []),
  app_store_url: v.fallback(v.optional(HttpsUrlSchema), undefined),
  play_store_url: v.fallback(v.optional(HttpsUrlSchema), undefined),
});
type SiteConfigFields = v.InferOutput<typeof SiteConfigSchema>;
/** The site configuration as the site reads it: its menus and social profiles may carry click-to-edit markers. */
export type SiteConfig = {
  [Key in keyof SiteConfigFields]: Key extends (typeof MENU_FIELDS)[number]
    ? MenuLink[]
    : Key extends "social_links"
      ? SocialLink[]
      : SiteConfigFields[Key];
};
/** The menus of the site configuration. */
export const MENU_FIELDS = ["header_menu", "footer_visit", "footer_venue", "footer_legal"] as const;
