import { describe, expect, it } from "vitest";
import { ownRequestsFailed, paintHeldBack } from "#scripts/lighthouse-runs.mjs";

/** A Lighthouse result with only what the check reads. */
const run = (requests: [string, number][]) => ({
  finalDisplayedUrl: "http://127.0.0.1:8804/es/",
  audits: { "network-requests": { details: { items: requests.map(([url, statusCode]) => ({ url, statusCode })) } } },
});

describe("npm run lighthouse: a run of a page that could not load its own files is not a measurement", () => {
  it("names the site's requests that failed or got no answer", () => {
    const failed = ownRequestsFailed(
      run([
        ["http://127.0.0.1:8804/es/", 200],
        ["http://127.0.0.1:8804/assets/framework-abc.js", 404],
        ["http://127.0.0.1:8804/logo.svg", 0],
        ["http://127.0.0.1:8804/assets/app-def.js", 304],
      ]),
    );
    expect(failed).toEqual([
      "404 http://127.0.0.1:8804/assets/framework-abc.js",
      "no answer http://127.0.0.1:8804/logo.svg",
    ]);
  });

  it("leaves out other origins, data: URLs and the browser's /favicon.ico, which are not the page's", () => {
    const failed = ownRequestsFailed(
      run([
        ["http://127.0.0.1:8804/es/", 200],
        ["http://127.0.0.1:88040/elsewhere.js", 404],
        ["https://fonts.example/face.woff2", 0],
        ["data:image/svg+xml,%3Csvg%3E", 200],
        // The browser's own guess at an icon, for a page that names none (the bare starter).
        ["http://127.0.0.1:8804/favicon.ico", 404],
      ]),
    );
    expect(failed).toEqual([]);
  });
});

/** A Lighthouse result with only the observed timings the check reads. */
const timed = (observedLoad: number, observedFirstContentfulPaint: number) => ({
  audits: { metrics: { details: { items: [{ observedLoad, observedFirstContentfulPaint }] } } },
});

describe("npm run lighthouse: a run whose first frame the browser held back is named", () => {
  it("names a run that painted whole seconds after the page had loaded", () => {
    // Measured here: loaded at 285 ms, first paint at 2,291 ms, the main thread idle between.
    expect(paintHeldBack(timed(285, 2291))).toBe(true);
    expect(paintHeldBack(timed(338, 1300))).toBe(true);
  });

  it("leaves a run alone that painted before or soon after its load event", () => {
    expect(paintHeldBack(timed(285, 217))).toBe(false);
    expect(paintHeldBack(timed(250, 900))).toBe(false);
  });

  it("leaves a run alone whose timings are missing", () => {
    expect(paintHeldBack({ audits: {} })).toBe(false);
  });
});
