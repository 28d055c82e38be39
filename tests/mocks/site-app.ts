import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "../../worker/app";
import { pageRenderer } from "../../worker/render-page";

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
