// Checks on a Lighthouse result (LHR) before its scores are believed (scripts/lighthouse.mjs).

/**
 * The requests to the measured site that failed (status 400 or more, or no answer at all), as
 * "status url" lines. A run whose page could not load its own files measured a broken page: once,
 * a build made during a sweep replaced the assets under the running server, every
 * script and image answered 404, and the sweep reported the scores of pages without JavaScript
 * as if they were the site's. Requests to other origins (the resolver rule sends them nowhere)
 * and `data:` URLs are not the site's.
 */
export function ownRequestsFailed(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl ?? lhr.requestedUrl).origin;
  const requests = lhr.audits?.["network-requests"]?.details?.items ?? [];
  return (
    requests
      .filter((request) => request.url.startsWith(`${origin}/`))
      // Chrome asks for /favicon.ico of a page that names no icon (the bare starter): not the page's.
      .filter((request) => request.url !== `${origin}/favicon.ico`)
      .filter((request) => !(request.statusCode >= 100 && request.statusCode < 400))
      .map((request) => `${request.statusCode || "no answer"} ${request.url}`)
  );
}
