import type { Lang } from "./languages";
import type { SiteConfig, Story } from "./content-types";

/**
 * Where stories come from. Loaders only see this interface; the Worker chooses the
 * implementation per request (embedded stories locally, Storyblok when a token is set).
 */
export interface ContentSource {
  /** The published story at `slug` (`""` is the home page), or null when there is none. */
  getStory(lang: Lang, slug: string): Promise<Story | null>;
  /** The header and footer menus for a language. */
  getSiteConfig(lang: Lang): Promise<SiteConfig>;
}
