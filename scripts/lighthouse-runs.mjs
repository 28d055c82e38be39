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

/** How long after its load event a page may wait for its first paint before the run is suspect. */
const PAINT_AFTER_LOAD_MS = 700;

/**
 * Whether a run's first paint came long after the page had finished loading (by more than
 * `PAINT_AFTER_LOAD_MS`). Headless Chromium sometimes holds a page's first frame back by one or
 * two whole seconds (its display compositor stops offering the page frames while it loads,
 * GoogleChrome/lighthouse#17148): the trace shows the frame painted and committed on time and
 * presented only at the next whole second, with the main thread idle in between. Lighthouse
 * then counts every file that finished before that late paint as blocking it. Such runs are
 * named in the report, and still counted in its scores.
 */
export function paintHeldBack(lhr) {
  const metrics = lhr.audits?.metrics?.details?.items?.[0];
  if (!metrics) return false;
  const { observedFirstContentfulPaint: paint, observedLoad: load } = metrics;
  return typeof paint === "number" && typeof load === "number" && paint - load > PAINT_AFTER_LOAD_MS;
}
