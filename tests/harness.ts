import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "#worker/app.ts";
import { pageRenderer } from "#worker/render-page.ts";
import { parseHtml } from "#tests/html.ts";

/**
 * The one way tests drive the Worker: {@link request} sends a request through the whole site (API,
 * guards, React Router's pages and actions) as the Worker serves it in production, in the test's
 * own isolate, so request bodies are read exactly as the Worker reads them and a test can hand in
 * its own environment (a Google key URL, a webhook secret).
 */

/** The origin site-relative paths are requested on. */
export const SITE_ORIGIN = "http://arena.test";

/** A desktop Chrome: React Router streams to browsers but waits for everything for bots. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

// The Worker's own page renderer (React Router's server build), as in worker/index.ts, in the mode it ships in.
const renderPage = pageRenderer(() => import("virtual:react-router/server-build"), "production");
const app = createApp(renderPage);

export interface WorkerRequestInit extends RequestInit {
  /** Variables and bindings that replace the test environment's for this request. */
  env?: Partial<Env> | Record<string, unknown>;
}

/** Statuses whose response has no body (a Response built with one throws). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Sends `input` (a path on {@link SITE_ORIGIN}, a URL, or a whole Request) to the Worker and resolves
 * with its response once the response has been read to its end and the work it left for later
 * (`waitUntil`, such as a cache write of that very body) is done too, so a test sees the state
 * the next request would. Redirects come back as they are, not followed.
 */
export async function request(input: string | URL | Request, init: WorkerRequestInit = {}): Promise<Response> {
  const { env: overrides, ...requestInit } = init;
  const req =
    input instanceof Request
      ? Object.keys(requestInit).length > 0
        ? new Request(input, requestInit)
        : input
      : new Request(new URL(input, SITE_ORIGIN), requestInit);
  const ctx = createExecutionContext();
  const response = await app.fetch(req, { ...env, ...overrides }, ctx);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(NULL_BODY.has(response.status) ? null : body, response);
}

/** A page as a browser asks for it (its user agent, so it streams): its markup, and that markup as a DOM. */
export async function page(
  path: string,
  init: WorkerRequestInit = {},
): Promise<{ response: Response; html: string; document: Document }> {
  const headers = new Headers(init.headers);
  if (!headers.has("User-Agent")) headers.set("User-Agent", BROWSER_UA);
  const response = await request(path, { ...init, headers });
  const html = await response.text();
  return { response, html, document: parseHtml(html) };
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
