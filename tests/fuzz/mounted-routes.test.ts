import { inspectRoutes } from "hono/dev";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { createApp } from "#worker/app.ts";
import { ENDPOINTS, PREVIEW_ONLY_ROUTES } from "./endpoints";

/**
 * The fuzz table (tests/fuzz/endpoints.ts) is the list every body and input suite runs over, so
 * a state-changing route missing from it is a route no suite covers. The routes are read from
 * what the Worker mounts, not from a second hand-kept list: the Hono app's API routes, and the
 * React Router routes whose module has an action (the pages' forms).
 */

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function mountedStateChangingRoutes(): string[] {
  const app = createApp(async () => new Response(null, { status: 404 }));
  const routes = inspectRoutes(app)
    .filter((route) => !route.isMiddleware && STATE_CHANGING.has(route.method))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

/** React Router's route tree as the server build holds it (a flat manifest linked by parent id). */
async function pageRoutes(): Promise<{ tree: RouteObject[]; withAction: string[] }> {
  const build = await import("virtual:react-router/server-build");
  const manifest = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: childrenOf(route.id) },
      );
  const withAction = manifest.filter((route) => typeof route.module.action === "function").map((route) => route.id);
  return { tree: childrenOf(undefined), withAction: withAction.sort() };
}

describe("the fuzz table", () => {
  it("lists every state-changing API route the Worker mounts, and no route it does not", () => {
    const mounted = mountedStateChangingRoutes();
    // Sanity: the walk sees the API (a broken walk would make the comparison vacuous).
    expect(mounted).toContain("POST /api/__session");
    const listed = [
      ...new Set(ENDPOINTS.filter((e) => e.path.startsWith("/api/")).map((e) => `${e.method} ${e.path}`)),
    ].sort();
    expect(listed).toEqual(mounted);
  });

  it("posts to every page route that has an action", async () => {
    const { tree, withAction } = await pageRoutes();
    expect(withAction.length).toBeGreaterThan(0);
    const reached = new Set(
      ENDPOINTS.filter((e) => !e.path.startsWith("/api/")).flatMap((e) => {
        const matches = matchRoutes(tree, new URL(e.path, "http://arena.test").pathname) ?? [];
        const leaf = matches.at(-1)?.route.id;
        return leaf ? [leaf] : [];
      }),
    );
    expect(withAction.filter((id) => !reached.has(id) && !PREVIEW_ONLY_ROUTES.includes(id))).toEqual([]);
    // Each preview-only route still exists (a stale name would silently exempt nothing).
    for (const id of PREVIEW_ONLY_ROUTES) expect(withAction).toContain(id);
  });
});
