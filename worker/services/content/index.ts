import type { ContentSource } from "#app/lib/content-source.ts";
import { createKvCache } from "#worker/services/cache/kv-cache.ts";
import { CACHE_STRATEGIES } from "#worker/services/cache/strategies.ts";
import { cachedContentSource } from "./cached";
import { createEmbeddedContentSource, hasEmbeddedStories } from "./embedded";
import { contentKeys } from "./keys";
import { contentSettings, usesStoryblok } from "./settings";
import { siteVersion } from "./version";
import { createStoryblokSource, storyblokClient, type CacheVersionStore, type StoryblokClientConfig } from "./storyblok";

const bundled = createEmbeddedContentSource();

/**
 * The embedded stories; a build without them (`ARENA_CONTENT=storyblok`) and without a Storyblok
 * token has no content at all, which must fail loudly rather than answer every page with a 404.
 */
function embedded(): ContentSource {
  if (!hasEmbeddedStories) throw new Error("This build carries no embedded stories: set STORYBLOK_TOKEN");
  return bundled;
}

export interface ContentRequest {
  /** A verified Visual Editor request: draft content, never cached. */
  preview: boolean;
  waitUntil: (promise: Promise<unknown>) => void;
}

/**
 * How long a stored cache version is trusted. It expires on its own so that a missed webhook
 * cannot pin the site to an old `cv`: the next CDN read after expiry asks for the latest.
 */
const CACHE_VERSION_TTL_SECONDS = CACHE_STRATEGIES.long.freshSeconds;

/** The space's cache version, shared by all isolates through KV. */
export function kvCacheVersionStore(kv: KVNamespace): CacheVersionStore {
  return {
    async get() {
      const value = Number(await kv.get(contentKeys.cacheVersion));
      return Number.isInteger(value) && value > 0 ? value : undefined;
    },
    async set(cv) {
      await kv.put(contentKeys.cacheVersion, String(cv), { expirationTtl: CACHE_VERSION_TTL_SECONDS });
    },
  };
}

/** The Storyblok client for published (or, with `draft`, preview) content. Null when not configured. */
export function storyblokClientFor(env: Env, version: "published" | "draft") {
  const settings = contentSettings(env);
  const accessToken = version === "draft" ? settings.previewToken : settings.publicToken || settings.previewToken;
  if (!accessToken) return null;
  const config: StoryblokClientConfig = {
    accessToken,
    version,
    region: settings.region,
    apiBase: settings.apiBase,
    timeoutMs: settings.timeoutMs,
  };
  return storyblokClient(config);
}

/**
 * The content source of one request: the embedded stories when no Storyblok token is set;
 * otherwise Storyblok's published content behind the KV cache, or its drafts (uncached) for a
 * verified preview.
 */
export function contentSourceFor(env: Env, request: ContentRequest): ContentSource {
  if (!usesStoryblok(env)) return embedded();
  const cacheVersion = kvCacheVersionStore(env.CACHE);
  const draftClient = request.preview ? storyblokClientFor(env, "draft") : null;
  if (draftClient) return createStoryblokSource(draftClient, "draft", cacheVersion);
  const client = storyblokClientFor(env, "published");
  if (!client) return embedded();
  const version = () => siteVersion(env);
  const cache = createKvCache({ kv: env.CACHE, waitUntil: request.waitUntil, version });
  return cachedContentSource(createStoryblokSource(client, "published", cacheVersion), cache, env.CACHE, version);
}
