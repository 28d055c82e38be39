import { data } from "react-router";
import type { ContentSource } from "#app/lib/content-source.ts";
import { BackoffError } from "#worker/services/cache/kv-cache.ts";
import { ContentServiceError } from "./storyblok";

/** How long a visitor (or a crawler) is asked to wait before trying a page again during a CMS outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** What the page handler needs to tell an outage from a bug: the CMS failure of this request, if any. */
export interface OutageWatch {
  content: ContentSource;
  failure: () => ContentServiceError | null;
}

/**
 * Wraps a request's content source so that a CMS failure it could not absorb (no cached copy:
 * the KV cache serves stale entries through an outage on its own) becomes a 503 route error
 * instead of an unexplained 500, and is remembered for the response's headers and the log.
 */
export function watchForOutage(source: ContentSource): OutageWatch {
  let failure: ContentServiceError | null = null;
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        // A key backing off after CDN failures is the same outage, answered without asking the CDN.
        const cmsFailure = error instanceof BackoffError ? new ContentServiceError(error.message) : error;
        if (!(cmsFailure instanceof ContentServiceError)) throw error;
        failure ??= cmsFailure;
        throw data({ message: "Content temporarily unavailable", fatal: false }, { status: 503 });
      }
    };
  const content: ContentSource = {
    getStory: guard(source.getStory.bind(source)),
    getSiteConfig: guard(source.getSiteConfig.bind(source)),
    listStories: guard(source.listStories.bind(source)),
    getLinks: guard(source.getLinks.bind(source)),
    getDatasource: guard(source.getDatasource.bind(source)),
    // Kept, so what is derived from the content (the event catalogue's index) is still kept per version.
    ...(source.version ? { version: source.version.bind(source) } : {}),
  };
  return { content, failure: () => failure };
}

/**
 * The page's error response during a CMS outage: 503 with `Retry-After`, never stored by a
 * browser or shared cache (a 500 or a cached error page would outlive the outage), and one log
 * line that names the cause: `[<request id>] CMS unavailable (<status|no answer>): <message> → 503`.
 */
export function outageResponse(response: Response, failure: ContentServiceError, requestId: string): Response {
  console.error(
    `[${requestId}] CMS unavailable (${failure.status ?? "no answer"}): ${failure.message} → 503, Retry-After ${OUTAGE_RETRY_AFTER_SECONDS} s`,
  );
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, headers });
}
