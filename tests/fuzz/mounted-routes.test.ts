import { inspectRoutes } from "hono/dev";
import { describe, expect, it } from "vitest";
import { createApp } from "#worker/app.ts";
import { ENDPOINTS } from "./endpoints";

/**
 * The fuzz table (tests/fuzz/endpoints.ts) is the list every body and input suite runs over, so
 * a state-changing route missing from it is a route no suite covers. The routes are read from
 * the Worker's own Hono app, not from a second hand-kept list.
 */

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function mountedStateChangingRoutes(): string[] {
  const app = createApp(async () => new Response(null, { status: 404 }));
  const routes = inspectRoutes(app)
    .filter((route) => !route.isMiddleware && STATE_CHANGING.has(route.method))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

describe("the fuzz table", () => {
  it("lists every state-changing route the Worker mounts, and no route it does not", () => {
    const mounted = mountedStateChangingRoutes();
    // Sanity: the walk sees the API (a broken walk would make the comparison vacuous).
    expect(mounted).toContain("POST /api/__session");
    const listed = [
      ...new Set(ENDPOINTS.filter((e) => e.path.startsWith("/api/")).map((e) => `${e.method} ${e.path}`)),
    ].sort();
    expect(listed).toEqual(mounted);
  });
});
