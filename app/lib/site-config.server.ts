import * as v from "valibot";
import { SiteConfigSchema, type MenuLink, type SiteConfig } from "#app/lib/content-types.ts";
import { perObject } from "#app/lib/per-object.ts";
import { storyPath } from "#app/lib/rich-text/links.ts";

/**
 * A menu entry's page: the story its link points to (resolved by Storyblok from the story's id,
 * so a rename or move is followed), else the slug typed in older entries.
 */
function menuEntry({ label, slug, link }: MenuLink): MenuLink {
  const linked = link?.linktype === "story" ? (link.story?.full_slug ?? link.cached_url ?? "") : "";
  // storyPath drops a language prefix (`en/about`) and the slashes; the slug is the rest.
  const page = linked ? storyPath(linked, "es").slice("/es/".length).replace(/\/$/, "") : slug;
  return { label, slug: page };
}

const menus = ["header_menu", "footer_visit", "footer_venue", "footer_legal"] as const;

function parse(content: unknown): SiteConfig {
  const config = v.parse(SiteConfigSchema, content);
  return { ...config, ...Object.fromEntries(menus.map((menu) => [menu, config[menu].map(menuEntry)])) };
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
