import StoryblokClient from "storyblok-js-client";
import * as v from "valibot";
import { RESOLVED_RELATIONS, type ContentSource } from "#app/lib/content-source.ts";
import { StoryResponseSchema, type Story } from "#app/lib/content-types.ts";
import { siteConfigOf } from "#app/lib/site-config.server.ts";
import { API_LANG, DEFAULT_LANG, type Lang } from "#app/lib/languages.ts";
import { normaliseSlug } from "./keys";
import { DatasourceEntrySchema, LinkSchema, SpaceResponseSchema, StoriesResponseSchema } from "./wire";

/** Storyblok content versions: what visitors see, and what editors are working on. */
export type ContentVersion = "published" | "draft";

/** A failed call to the Storyblok CDN API (HTTP status when it answered, none on timeout or network error). */
export class ContentServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ContentServiceError";
  }
}

export interface StoryblokClientConfig {
  accessToken: string;
  version: ContentVersion;
  region: "eu" | "us" | "ap" | "ca" | "cn";
  /** API base including `/v2`; empty uses the region's. */
  apiBase: string;
  timeoutMs: number;
}

const clients = new Map<string, StoryblokClient>();

/** One client per configuration and isolate. The client's own memory cache and `cv` tracking are off: KV and `CacheVersionStore` do that job. */
export function storyblokClient(config: StoryblokClientConfig): StoryblokClient {
  const id = JSON.stringify(config);
  let client = clients.get(id);
  if (!client) {
    client = new StoryblokClient({
      accessToken: config.accessToken,
      version: config.version,
      region: config.region,
      ...(config.apiBase ? { endpoint: config.apiBase.replace(/\/$/, "") } : {}),
      timeout: config.timeoutMs / 1000,
      maxRetries: 2,
      cache: { type: "none", cv: "manual" },
      // Looked up per call so tests can replace the global fetch.
      fetch: (input, init) => fetch(input, init),
    });
    clients.set(id, client);
  }
  return client;
}

/** Where the space's current cache version lives between requests (KV for published content). */
export interface CacheVersionStore {
  get(): Promise<number | undefined>;
  set(cv: number): Promise<void>;
}

const ErrorShape = v.object({ message: v.optional(v.string(), "unknown error"), status: v.optional(v.number()) });

function toServiceError(reason: unknown): ContentServiceError {
  if (reason instanceof ContentServiceError) return reason;
  const parsed = v.safeParse(ErrorShape, reason);
  const { message, status } = parsed.success ? parsed.output : { message: String(reason), status: undefined };
  return new ContentServiceError(`Storyblok: ${message}`, status);
}

/** The `language` parameter: none for the default (Spanish) tree, `en`, and `ca` for Valencian. */
function languageParam(lang: Lang): { language?: string } {
  return lang === DEFAULT_LANG ? {} : { language: API_LANG[lang] };
}

/**
 * How many stories a listing holds in all its pages: the CDN's `total` header. Without one
 * (storyblok-js-client reads it only next to `per-page`), what this page proves: the stories up
 * to here, plus one more when the page is full, so a reader keeps paging until a short page.
 */
function listingTotal(header: number | undefined, page: number, perPage: number, received: number): number {
  if (header !== undefined && Number.isInteger(header) && header >= 0 && (header > 0 || received === 0)) return header;
  return (page - 1) * perPage + received + (received === perPage ? 1 : 0);
}

/**
 * Reads stories, listings, the link index and datasources from the Storyblok CDN API v2 through
 * storyblok-js-client: links resolved to URLs, `RESOLVED_RELATIONS` resolved into stories, and
 * the space's `cv` sent explicitly so a purged entry is never refilled from a stale CDN copy.
 */
export function createStoryblokSource(
  client: StoryblokClient,
  version: ContentVersion,
  cacheVersion: CacheVersionStore,
): ContentSource {
  async function cvParam(): Promise<{ cv?: number }> {
    if (version === "draft") return {};
    const cv = await cacheVersion.get();
    return cv === undefined ? {} : { cv };
  }

  async function rememberCv(cv: number | undefined, sent: number | undefined) {
    if (version === "published" && cv !== undefined && sent === undefined) await cacheVersion.set(cv);
  }

  async function getStory(lang: Lang, slug: string): Promise<Story | null> {
    const cv = await cvParam();
    try {
      const response = await client.getStory(normaliseSlug(slug), {
        version,
        ...languageParam(lang),
        resolve_links: "url",
        resolve_relations: [...RESOLVED_RELATIONS],
        ...cv,
      });
      const data = v.parse(StoryResponseSchema, response.data);
      await rememberCv(data.cv, cv.cv);
      return data.story;
    } catch (reason) {
      const error = toServiceError(reason);
      if (error.status === 404) return null;
      throw error;
    }
  }

  return {
    getStory,
    async getSiteConfig(lang) {
      const story = await getStory(lang, "config");
      return siteConfigOf(story?.content);
    },
    async listStories(lang, query) {
      const cv = await cvParam();
      const page = query.page ?? 1;
      const perPage = query.perPage ?? 25;
      try {
        const response = await client.getStories({
          version,
          ...languageParam(lang),
          ...(query.startsWith ? { starts_with: query.startsWith } : {}),
          ...(query.contentType ? { content_type: query.contentType } : {}),
          ...(query.sortBy ? { sort_by: query.sortBy } : {}),
          page,
          per_page: perPage,
          resolve_links: "url",
          resolve_relations: [...RESOLVED_RELATIONS],
          ...cv,
        });
        const data = v.parse(StoriesResponseSchema, response.data);
        await rememberCv(data.cv, cv.cv);
        return { stories: data.stories, total: listingTotal(response.total, page, perPage, data.stories.length) };
      } catch (reason) {
        throw toServiceError(reason);
      }
    },
    async getLinks() {
      const cv = await cvParam();
      try {
        const links = v.parse(
          v.array(LinkSchema),
          await client.getAll("cdn/links", { version, per_page: 1000, ...cv }, "links"),
        );
        return links.map((link) => ({
          uuid: link.uuid,
          slug: link.slug,
          name: link.name,
          isFolder: link.is_folder,
          isStartpage: link.is_startpage,
          published: link.published,
        }));
      } catch (reason) {
        throw toServiceError(reason);
      }
    },
    async getDatasource(slug, dimension) {
      const cv = await cvParam();
      try {
        const entries = v.parse(
          v.array(DatasourceEntrySchema),
          await client.getAll(
            "cdn/datasource_entries",
            { datasource: slug, ...(dimension ? { dimension } : {}), per_page: 1000, ...cv },
            "datasource_entries",
          ),
        );
        return entries.map((entry) => ({
          name: entry.name,
          value: entry.value,
          dimensionValue: entry.dimension_value ?? null,
        }));
      } catch (reason) {
        throw toServiceError(reason);
      }
    },
  };
}

/** The space's latest cache version (`cdn/spaces/me`), read after a publish. */
export async function fetchSpaceCacheVersion(client: StoryblokClient): Promise<number> {
  try {
    const response = await client.get("cdn/spaces/me", {});
    return v.parse(SpaceResponseSchema, response.data).space.version;
  } catch (reason) {
    throw toServiceError(reason);
  }
}
