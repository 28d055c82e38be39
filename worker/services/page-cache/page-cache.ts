import { canonicalPath } from "#app/lib/paths.ts";
import {
  isCacheableRequest,
  isCacheableResponse,
  PAGE_CACHE,
  PUBLIC_PAGE_CACHE_CONTROL,
  renderedCompletely,
} from "./policy";
import { contentOnly, responseCopy, storedCopy } from "./per-response";

/** Answers of the cache, in the `X-Page-Cache` header (for people and tests; no secrets). */
export type PageCacheStatus = "HIT" | "STALE" | "MISS" | "BYPASS";

/** Headers the cache keeps beside the stored page; they never reach a browser. */
const STORED_AT = "X-Page-Cache-Stored-At";
const STORED_NONCE = "X-Page-Cache-Nonce";
/** Headers of the stored copy that describe the copy, not the page (the Cache API adds some). */
const NOT_REPLAYED = [STORED_AT, STORED_NONCE, "Age", "CF-Cache-Status", "Date", "Content-Length"];

export interface PageRequest {
  request: Request;
  /** The request's CSP nonce: a cached page is served with its scripts carrying this one. */
  nonce: string;
  lang: string;
  /** Crawlers get the complete document rather than a stream, so they have entries of their own. */
  crawler: boolean;
  preview: boolean;
  /** The published content's version (a publish bumps it: that is the purge). */
  contentVersion: () => Promise<string>;
  /** Renders the page (again); called with a fresh request for a background refresh. */
  render: (request: Request) => Promise<Response>;
  waitUntil: (promise: Promise<unknown>) => void;
}

export interface PageCacheConfig {
  /** The build that renders: a deploy never serves another build's pages. */
  buildId: string;
  /** The Workers Cache API's cache; `caches.default` by default. */
  cache?: () => Cache;
  now?: () => number;
}

/** The Workers runtime's `caches` (its `default` cache is missing from the DOM typing it clashes with). */
type WorkersCaches = CacheStorage & { readonly default: Cache };

/** Background refreshes in flight in this isolate, so a stale page is rendered once, not per request. */
const refreshing = new Set<string>();

function cacheKey(page: PageRequest, buildId: string, version: string): Request {
  const url = new URL(page.request.url);
  const reader = page.crawler ? "crawler" : "browser";
  const variant = [buildId, encodeURIComponent(version), page.lang, reader].join("/");
  // A GET for every method: a HEAD is answered from the GET's entry. Every spelling of a path
  // (a data request's too) is one entry: the one the path rules read.
  return new Request(`${url.origin}/__page-cache/${variant}${canonicalPath(url.pathname)}${url.search}`);
}

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A weak validator of the page's content: the same page rendered twice differs only by its
 * nonce and its forms' keys, so both are left out of the hash.
 */
async function entityTag(stored: string, nonce: string): Promise<string> {
  return `W/"${await sha1Hex(contentOnly(stored, nonce))}"`;
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for GET). */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

function withStatus(response: Response, status: PageCacheStatus): Response {
  response.headers.set("X-Page-Cache", status);
  return response;
}

/**
 * The edge page cache (docs/performance.md): public pages and their `.data` requests from the
 * Workers Cache API, keyed by URL, language, content version and build; stale pages served while
 * one request renders them again; never for members, previews, other methods, pages that set
 * cookies or are marked private, or errors. A cached page's nonces are rewritten to the
 * request's, so the CSP stays one fresh nonce per response, and its forms get fresh idempotency keys. Hits carry an ETag and answer
 * `If-None-Match` with a 304.
 */
export function createPageCache(config: PageCacheConfig) {
  const now = config.now ?? Date.now;
  const cacheOf = config.cache ?? (() => (caches as WorkersCaches).default);

  /** Renders and, when the result may be shared, stores a copy in the background. */
  async function renderAndStore(page: PageRequest, key: Request, request: Request): Promise<Response> {
    const rendered = await page.render(request);
    if (!isCacheableResponse(rendered)) return rendered;
    const headers = new Headers(rendered.headers);
    headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    // A HEAD has nothing to store; it still says what a GET would.
    if (!rendered.body || request.method.toUpperCase() === "HEAD") {
      return new Response(rendered.body, { status: rendered.status, headers });
    }
    const [toClient, toCache] = rendered.body.tee();
    page.waitUntil(store(key, rendered, toCache, page.nonce));
    return new Response(toClient, { status: rendered.status, headers });
  }

  async function store(key: Request, rendered: Response, body: ReadableStream, nonce: string): Promise<void> {
    const renderedHtml = await new Response(body).text();
    if (!renderedCompletely(renderedHtml)) return;
    const html = storedCopy(renderedHtml);
    const headers = new Headers(rendered.headers);
    headers.delete("Set-Cookie");
    // An answer with a validator of its own (a calendar file's) keeps it: the first answer and
    // every hit then name the same bytes.
    if (!headers.has("ETag")) headers.set("ETag", await entityTag(html, nonce));
    headers.set(STORED_AT, String(now()));
    headers.set(STORED_NONCE, nonce);
    headers.set("Cache-Control", `public, max-age=${PAGE_CACHE.freshSeconds + PAGE_CACHE.staleSeconds}`);
    await cacheOf().put(key, new Response(html, { status: 200, headers }));
  }

  /** A stored page as this request gets it: its nonce, the browser's cache policy, maybe a 304. */
  async function fromCache(page: PageRequest, stored: Response, status: PageCacheStatus): Promise<Response> {
    const headers = new Headers(stored.headers);
    const storedNonce = headers.get(STORED_NONCE) ?? "";
    for (const name of NOT_REPLAYED) headers.delete(name);
    headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    const etag = headers.get("ETag") ?? "";
    if (etag && matchesEtag(page.request.headers.get("If-None-Match"), etag)) {
      // No body and no Content-Type: the browser keeps its copy and the CSP that matches it.
      return withStatus(new Response(null, { status: 304, headers: notModifiedHeaders(headers) }), status);
    }
    if (page.request.method.toUpperCase() === "HEAD") {
      return withStatus(new Response(null, { status: 200, headers }), status);
    }
    const body = responseCopy(await stored.text(), storedNonce, page.nonce);
    return withStatus(new Response(body, { status: 200, headers }), status);
  }

  return {
    /** The page for `page.request`: from the cache when it may be, else rendered (and stored). */
    async serve(page: PageRequest): Promise<Response> {
      if (!isCacheableRequest(page.request, { preview: page.preview })) {
        return withStatus(await page.render(page.request), "BYPASS");
      }
      const key = cacheKey(page, config.buildId, await page.contentVersion());
      const stored = await cacheOf().match(key);
      if (stored) {
        const ageMs = now() - Number(stored.headers.get(STORED_AT) ?? 0);
        const fresh = ageMs < PAGE_CACHE.freshSeconds * 1000;
        if (!fresh && !refreshing.has(key.url)) {
          refreshing.add(key.url);
          // The key stays "refreshing" until the new copy is stored, not just rendered.
          const storing: Promise<unknown>[] = [];
          const again = new Request(page.request.url, { headers: page.request.headers });
          page.waitUntil(
            renderAndStore({ ...page, waitUntil: (promise) => storing.push(promise) }, key, again)
              .then(async (response) => {
                await response.body?.cancel();
                await Promise.all(storing);
              })
              .catch((error: unknown) => console.warn(`page cache: refresh of ${page.request.url} failed`, error))
              .finally(() => refreshing.delete(key.url)),
          );
        }
        return fromCache(page, stored, fresh ? "HIT" : "STALE");
      }
      return withStatus(await renderAndStore(page, key, page.request), "MISS");
    },
  };
}

/** A 304 carries the validators and caching headers of the page, nothing about its body. */
function notModifiedHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of ["ETag", "Cache-Control", "Vary", "Content-Language"]) {
    const value = headers.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
}
