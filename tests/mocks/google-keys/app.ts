import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { RouterContextProvider } from "react-router";
import { appContext, type AppContext } from "#app/lib/context.server.ts";
import { createApp } from "#worker/app.ts";

export const ORIGIN = "http://arena.test";

/**
 * The real Worker app with its environment overridden (key URL, emulator, production...) and a
 * page renderer that records the context React Router would get, so tests can see what a page
 * receives without depending on which route modules exist.
 */
export function memberTestApp(overrides: Partial<Env> & Record<string, unknown> = {}) {
  const rendered: AppContext[] = [];
  const app = createApp(async (_request: Request, context: RouterContextProvider) => {
    rendered.push(context.get(appContext));
    return new Response("<!doctype html><p>page</p>", {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  });
  const testEnv = { ...env, ...overrides };
  async function fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }
  return { fetch, rendered, env: testEnv };
}

/** Headers of a same-origin browser `fetch` POST with a JSON body. */
export function sameOriginJson(extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: ORIGIN, "Content-Type": "application/json", ...extra };
}
