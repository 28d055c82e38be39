/**
 * Paint first, then fetch the app's code (docs/performance.md, "Paint first").
 *
 * React Router's `<Scripts>` preloads every module of the page from the `<head>`, so on a slow
 * network the framework's 112 kB compete with the document and the lead image for bandwidth
 * before anything is on screen. Every page is complete as HTML (links, popovers and forms work
 * without code, docs/performance.md "Hydration policy"), so the code can wait: the page's
 * module script waits for its first contentful paint and its lead image (the one fetched at
 * high priority, the likely largest paint), then preloads the same modules and hydrates.
 *
 * `vite.config.ts` (`hydrateAfterPaint`) makes the server's `<Scripts>` render no module
 * preloads and pass its module script through `deferRouteModules`. The browser's build is left
 * as it is: its `<Scripts>` only runs during hydration, when the modules have loaded already.
 */

import { perKey } from "./per-object";
import { prefetchSiteFontOnFirstUse } from "./site-font.server";
import { SITE_FONT } from "./site-font";
import { NEAR_VIEW_MARGIN, revealImagesNearView, VISITOR_USES } from "./deferred-images";
import { HELD_ATTRIBUTE, HELD_FORMS, holdSubmitsUntilHydrated, HYDRATED_ATTRIBUTE } from "./held-submits";

/** How long the code waits at most for the first paint and then for the lead image. */
export const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * Resolves once the page has painted content and its lead images have loaded (or failed), or
 * each wait's limit has passed. A hidden page is not painted, so it does not wait. Runs in the
 * browser: it is sent as its source (`String(waitForFirstPaint)`), so it uses nothing from
 * outside itself.
 */
export async function waitForFirstPaint(limitMs: number): Promise<void> {
  const painted = new Promise<void>((resolve) => {
    setTimeout(resolve, limitMs);
    if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      resolve();
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
  const leadImages = [...document.querySelectorAll<HTMLImageElement>("img[fetchpriority=high]")]
    .filter((image) => !image.complete)
    .map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener("load", resolve, { once: true });
          image.addEventListener("error", resolve, { once: true });
        }),
    );
  await painted;
  await Promise.race([Promise.all(leadImages), new Promise((resolve) => setTimeout(resolve, limitMs))]);
}

/** React Router's static imports of the route modules: `import * as route0 from "/assets/…";`. */
const ROUTE_IMPORT = /^import \* as (\w+) from ("[^"\n]+");$/gm;
/**
 * React Router's imports for their effect alone. The route manifest's module is one: React Router
 * sends it with the page, instead of fetching it on demand, when the path is long or deep (over
 * 10 segments and its matching cost, or 7,680 characters weighed by segments:
 * `shouldUseInitialRouteDiscovery`), so a 404 for `/es/a/a/…/` has it.
 */
const EFFECT_IMPORT = /^import ("[^"\n]+");?$/gm;

/**
 * React Router's module script, made to wait for the first paint: its static imports (fetched as
 * soon as the script is parsed) become dynamic ones after the wait, preceded by the module
 * preloads `<Scripts>` no longer renders into the `<head>`, so the graph still loads in parallel.
 * Each preload is appended in a task of its own, and the `stepwise` modules (the entry's shared
 * files, dependencies first) are evaluated one task each before the routes: a long task blocks a
 * tap, several short ones do not.
 * The preloads carry the page's nonce, read from the page (a cached page's nonce is rewritten in
 * attributes only, never inside a script).
 * A script of another shape is sent as React Router wrote it (the page hydrates, only sooner)
 * and logged: a render that threw here was a 500 for every such page.
 */
export function deferRouteModules(script: string, preloads: string[], stepwise: string[] = []): string {
  // The same route modules give the same script: written once per isolate and page type.
  return written(`${script}\n${preloads.join()}\n${stepwise.join()}`, () => {
    const deferred = writeDeferredScript(script, preloads, stepwise);
    if (deferred === null)
      console.error("React Router's module script changed (hydrate-after-paint.server.ts):", script);
    return deferred ?? script;
  });
}

/** Scripts already written, by their inputs; a build has a few dozen page types. */
const written = perKey<string>(500);

function writeDeferredScript(script: string, preloads: string[], stepwise: string[]): string | null {
  const imports = [...script.matchAll(ROUTE_IMPORT)];
  const effects = [...script.matchAll(EFFECT_IMPORT)].map(([, url]) => url);
  const rest = script.replace(ROUTE_IMPORT, "").replace(EFFECT_IMPORT, "");
  if (imports.length === 0 || /^\s*import[\s"'{*]/m.test(rest)) return null;
  const names = imports.map(([, name]) => name).join(", ");
  const loads = imports.map(([, , url]) => `import(${url})`).join(", ");
  return [
    // Before the wait: the page may have loaded by the end of it, and its images wait for this.
    `(${String(revealImagesNearView)})(${JSON.stringify(VISITOR_USES)}, ${JSON.stringify(NEAR_VIEW_MARGIN)});`,
    // Before the wait too: the member screens' forms are usable from the first paint.
    `(${String(holdSubmitsUntilHydrated)})(${[HELD_FORMS, HYDRATED_ATTRIBUTE, HELD_ATTRIBUTE].map((text) => JSON.stringify(text)).join(", ")});`,
    `(${String(prefetchSiteFontOnFirstUse)})(${JSON.stringify(SITE_FONT.url)}, ${JSON.stringify(SITE_FONT.family)}, ${JSON.stringify(VISITOR_USES)});`,
    `await (${String(waitForFirstPaint)})(${PAINT_WAIT_LIMIT_MS});`,
    // A task of its own for each step below. `scheduler.yield` where there is one: a chain of
    // timers is clamped to 4 ms a step after the fifth.
    `const nextTask = () => (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve)));`,
    `const nonce = document.querySelector("script[nonce]")?.nonce ?? "";`,
    // One preload per task: appended together they were the first long task after the first
    // paint (5–26 ms; the first fetch a script starts is the slow one).
    `for (const href of ${JSON.stringify([...new Set(preloads)])}) {`,
    `  await nextTask();`,
    `  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href, nonce }));`,
    `}`,
    // The big shared files first, one per task: evaluated all at once they were one long task.
    `for (const href of ${JSON.stringify(stepwise)}) {`,
    `  await import(href);`,
    `  await nextTask();`,
    `}`,
    // Modules imported for their effect (the route manifest) are evaluated before the routes, as
    // static imports in this order would be.
    ...effects.map((url) => `await import(${url});`),
    `const [${names}] = await Promise.all([${loads}]);`,
    rest,
  ].join("\n");
}
