import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "#worker/app.ts";
import { pageRenderer } from "#worker/render-page.ts";

export const SITE_ORIGIN = "http://arena.test";

// The Worker's own page renderer (React Router's server build), as in worker/index.ts.
const renderPage = pageRenderer(() => import("virtual:react-router/server-build"), "production");

/**
 * The whole site (API, guards and React Router's pages and actions) with its environment
 * overridden, e.g. a test's own Google key URL or webhook secret, called in the test's isolate
 * so request bodies are read exactly as the Worker reads them.
 */
export function siteTestApp(overrides: Partial<Env> & Record<string, unknown> = {}) {
  const app = createApp(renderPage);
  const testEnv = { ...env, ...overrides };
  return async (request: Request): Promise<Response> => {
    const ctx = createExecutionContext();
    const response = await app.fetch(request, testEnv, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
}

/** React Router's data URL of a page (`/en/events/` → `/en/events.data`, `/es/` → `/es/_.data`). */
export function dataPath(path: string): string {
  const url = new URL(path, SITE_ORIGIN);
  url.pathname =
    url.pathname.endsWith("/") && url.pathname.split("/").length === 3
      ? `${url.pathname}_.data`
      : `${url.pathname.replace(/\/$/, "")}.data`;
  return `${url.pathname}${url.search}`;
}

/** A `.data` answer decoded: each route's id with its loader's `data` (or its `error`). */
export async function routeData(response: Response): Promise<Record<string, { data?: unknown; error?: unknown }>> {
  if (!response.body) throw new Error(`no body (${response.status})`);
  const decoded = await decodeViaTurboStream(response.body, globalThis);
  await decoded.done;
  return decoded.value as Record<string, { data?: unknown; error?: unknown }>;
}
