import { describe, expect, it, vi } from "vitest";
import { deferRouteModules, PAINT_WAIT_LIMIT_MS } from "./hydrate-after-paint.server";

/** React Router 8's module script for a page of three routes, as `<Scripts>` writes it. */
const reactRouterScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/layout-B.js";
import * as route2 from "/assets/page-C.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-D.js"}};
  window.__reactRouterRouteModules = {"root":route0,"layout":route1,"page":route2};

import("/assets/entry.client-D.js");`;

const preloads = ["/assets/entry.client-D.js", "/assets/framework-E.js", "/assets/root-A.js", "/assets/framework-E.js"];

describe("deferRouteModules", () => {
  const script = deferRouteModules(reactRouterScript, preloads, ["/assets/framework-E.js", "/assets/app-F.js"]);

  it("imports nothing before the wait for the first paint", () => {
    expect(script).not.toMatch(/^import /m);
    expect(script).toMatch(
      /^\(function revealImagesNearView[^\n]*[\s\S]*?\n\}\)\(\["pointerdown",[^\n]*\], "1250px"\);\n\(function holdSubmitsUntilHydrated[^\n]*[\s\S]*?\n\}\)\("form\[data-hold-submit\]", "data-hydrated", "data-held"\);\n\(function prefetchSiteFontOnFirstUse[^\n]*[\s\S]*?\n\}\)\(".+\.woff2", "Archivo", \["pointerdown",[^\n]*\]\);\nawait \(async function waitForFirstPaint/,
    );
    expect(script).toContain(`})(${PAINT_WAIT_LIMIT_MS});`);
  });

  it("first has the site font prefetched once the loaded page is used (app/lib/site-font.ts)", () => {
    const prefetch = script.slice(0, script.indexOf("await (async function waitForFirstPaint"));
    expect(prefetch).toMatch(/addEventListener\(\s*"load"/);
    expect(prefetch).toMatch(/rel: "prefetch",\s*as: "font",\s*crossOrigin: ""/);
  });

  it("then preloads every module once, with the page's nonce, and imports the routes in parallel", () => {
    const wait = script.indexOf(`(${PAINT_WAIT_LIMIT_MS});`);
    const preload = script.indexOf('rel: "modulepreload"');
    const routes = script.indexOf(
      'const [route0, route1, route2] = await Promise.all([import("/assets/root-A.js"), import("/assets/layout-B.js"), import("/assets/page-C.js")]);',
    );
    expect(wait).toBeGreaterThan(0);
    expect(preload).toBeGreaterThan(wait);
    expect(routes).toBeGreaterThan(preload);
    expect(script).toContain('["/assets/entry.client-D.js","/assets/framework-E.js","/assets/root-A.js"]');
    expect(script).toContain('document.querySelector("script[nonce]")?.nonce');
  });

  it("appends one preload per task: together they were a long task right after the first paint", () => {
    const preloadLoop = script.slice(script.indexOf('for (const href of ["/assets/entry.client-D.js"'));
    expect(preloadLoop).toMatch(/^[^\n]*\n {2}await nextTask\(\);\n {2}document\.head\.append\(/);
    expect(script.indexOf("const nextTask = ")).toBeLessThan(script.indexOf("await nextTask()"));
  });

  it("evaluates the big shared files one task each, before the routes", () => {
    const stepwise = script.indexOf('for (const href of ["/assets/framework-E.js","/assets/app-F.js"]) {');
    expect(stepwise).toBeGreaterThan(script.indexOf('rel: "modulepreload"'));
    expect(script.slice(stepwise)).toMatch(/^[^\n]*\n {2}await import\(href\);\n {2}await nextTask\(\);\n\}/);
    expect(stepwise).toBeLessThan(script.indexOf("const [route0, route1, route2]"));
  });

  it("keeps React Router's own setup, and the entry (which hydrates) comes last", () => {
    const routeModules = script.indexOf("window.__reactRouterRouteModules = ");
    expect(script.indexOf("window.__reactRouterManifest = ")).toBeGreaterThan(0);
    expect(routeModules).toBeGreaterThan(script.indexOf("await Promise.all"));
    expect(script.trimEnd().endsWith('import("/assets/entry.client-D.js");')).toBe(true);
  });

  it("sends a script it does not understand as React Router wrote it, and logs it", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const unknown = 'import "/assets/hmr.js";import "/assets/manifest.js";\nimport("/assets/entry.js");';
      expect(deferRouteModules(unknown, [])).toBe(unknown);
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/module script changed/), unknown);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("deferRouteModules, on a long or deep path (React Router sends the route manifest)", () => {
  // React Router's script when `shouldUseInitialRouteDiscovery` holds: /es/a/a/…/ (61 segments)
  // was a 500 while this shape was refused.
  const withManifest = reactRouterScript.replace(/^;\n/, 'import "/assets/manifest-M.js";\n');
  const script = deferRouteModules(withManifest, preloads);

  it("imports the manifest after the wait, before the routes, and nothing statically", () => {
    expect(script).not.toMatch(/^import /m);
    const wait = script.indexOf(`(${PAINT_WAIT_LIMIT_MS});`);
    const manifest = script.indexOf('await import("/assets/manifest-M.js");');
    expect(manifest).toBeGreaterThan(wait);
    expect(script.indexOf("const [route0, route1, route2] = await Promise.all([")).toBeGreaterThan(manifest);
    expect(script.trimEnd().endsWith('import("/assets/entry.client-D.js");')).toBe(true);
  });
});

describe("deferRouteModules, written once per page type", () => {
  it("never hands a page the script written for other modules", () => {
    const first = deferRouteModules(reactRouterScript, preloads);
    expect(deferRouteModules(reactRouterScript, preloads)).toBe(first);
    const other = deferRouteModules(reactRouterScript.replace("page-C.js", "page-G.js"), preloads);
    expect(other).not.toBe(first);
    expect(other).toContain('import("/assets/page-G.js")');
  });
});
