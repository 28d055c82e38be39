import * as v from "valibot";
import { SiteConfigSchema, type SiteConfig } from "#app/lib/content-types.ts";
import { perObject } from "#app/lib/per-object.ts";

/** The configuration story's content checked once while that story object lives (one content version). */
const parseOnce = perObject((content: object) => v.parse(SiteConfigSchema, content));

/**
 * The site configuration (header menu, footer) read from its story's content. Every page's
 * layout asks for it, so the schema runs once per story object (sources keep those per content
 * version), not on every request; the result is shared and must not be changed.
 */
export function siteConfigOf(content: unknown): SiteConfig {
  return typeof content === "object" && content !== null ? parseOnce(content) : v.parse(SiteConfigSchema, content);
}
