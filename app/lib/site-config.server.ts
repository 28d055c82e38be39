import * as v from "valibot";
import { MENU_FIELDS, SiteConfigSchema, type MenuLink, type SiteConfig } from "#app/lib/content-types.ts";
import { perObject } from "#app/lib/per-object.ts";
import { storyPath } from "#app/lib/rich-text/links.ts";
import { editableAttributes, type EditableAttributes } from "#bloks/editable.ts";

/**
 * Click-to-edit for an entry of a list (a menu link, a social profile): the Visual Editor's
 * marker of the entry as the content holds it. Only drafts carry markers (the CDN sends
 * `_editable` with the draft version alone), so only the preview's header and footer get them.
 */
function withMarker<T extends object>(entry: T, raw: unknown): T & { editable?: EditableAttributes } {
  const editable = typeof raw === "object" && raw !== null ? editableAttributes(raw as Record<string, unknown>) : null;
  return editable ? { ...entry, editable } : entry;
}

/**
 * A menu entry's page: the story its link points to (resolved by Storyblok from the story's id,
 * so a rename or move is followed), else the slug typed in older entries.
 */
function menuEntry({ label, slug, link }: MenuLink, raw: unknown): MenuLink {
  const linked = link?.linktype === "story" ? (link.story?.full_slug ?? link.cached_url ?? "") : "";
  // storyPath drops a language prefix (`en/about`) and the slashes; the slug is the rest.
  const page = linked ? storyPath(linked, "es").slice("/es/".length).replace(/\/$/, "") : slug;
  return withMarker({ label, slug: page }, raw);
}

/** The entries of a list field as the content holds them, beside the parsed ones (same order). */
function rawList(content: unknown, field: string): unknown[] {
  const list = typeof content === "object" && content !== null ? (content as Record<string, unknown>)[field] : null;
  return Array.isArray(list) ? list : [];
}

function parse(content: unknown): SiteConfig {
  const config = v.parse(SiteConfigSchema, content);
  return {
    ...config,
    ...Object.fromEntries(
      MENU_FIELDS.map((menu) => [menu, config[menu].map((entry, i) => menuEntry(entry, rawList(content, menu)[i]))]),
    ),
    social_links: config.social_links.map((profile, i) => withMarker(profile, rawList(content, "social_links")[i])),
  };
}

/** The configuration story's content checked once while that story object lives (one content version). */
const parseOnce = perObject((content: object) => parse(content));

/**
 * The site configuration (header menu, footer) read from its story's content. Every page's
 * layout asks for it, so the schema runs once per story object (sources keep those per content
 * version), not on every request; the result is shared and must not be changed.
 */
export function siteConfigOf(content: unknown): SiteConfig {
  return typeof content === "object" && content !== null ? parseOnce(content) : parse(content);
}
