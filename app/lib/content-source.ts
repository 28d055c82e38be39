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
  /** A page of published stories (event lists, restaurants…), in the order `sortBy` gives. */
  listStories(lang: Lang, query: StoryQuery): Promise<StoryListing>;
  /** The link index: every published story and folder, by full slug (the same in every language tree). */
  getLinks(): Promise<ContentLink[]>;
  /** The entries of a CMS datasource (redirect rules, option lists), for one dimension or the default. */
  getDatasource(slug: string, dimension?: string): Promise<DatasourceEntry[]>;
  /**
   * The version of what this source serves: equal versions mean equal content, so work derived
   * from it (the event catalogue's index) is kept per version. Absent for drafts: never kept.
   */
  version?(): Promise<string>;
}

/** Which stories a listing holds; every field maps to the Storyblok CDN parameter of the same meaning. */
export interface StoryQuery {
  /** Full-slug prefix, e.g. `events/`. */
  startsWith?: string;
  /** Only stories whose root block is this component. */
  contentType?: string;
  /** Storyblok `sort_by`, e.g. `content.date:asc`. */
  sortBy?: string;
  /** 1-based page number. */
  page?: number;
  /** Stories per page, 1 to 100. */
  perPage?: number;
}

export interface StoryListing {
  stories: Story[];
  /** How many stories match in all pages. */
  total: number;
}

/** One entry of the link index. */
export interface ContentLink {
  uuid: string;
  /** Full slug without language prefix (`events/concert`); the home story is `home`. */
  slug: string;
  name: string;
  isFolder: boolean;
  isStartpage: boolean;
  published: boolean;
}

/** One datasource entry: `name` is the key, `value` the default value, `dimensionValue` the dimension's. */
export interface DatasourceEntry {
  name: string;
  value: string;
  dimensionValue: string | null;
}

/**
 * Relation fields resolved into full stories (Storyblok `resolve_relations`), on the server and
 * in the Visual Editor bridge alike. A block whose field holds story references adds it here.
 */
export const RESOLVED_RELATIONS: readonly string[] = ["upcoming_events.events"];
