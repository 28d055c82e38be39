import { env } from "cloudflare:workers";
import { forgetParsedEntries } from "#worker/services/cache/kv-cache.ts";
import { forgetSiteVersion } from "#worker/services/content/version.ts";
import { BROWSER_UA, request } from "#tests/harness.ts";

/**
 * Calls the Worker (tests/harness.ts) with a given environment (e.g. one that reads Storyblok) as a
 * browser, once its `waitUntil` work is done, so tests see the cache as the next request would.
 */
export async function fetchWorker(
  path: string,
  workerEnv: Env,
  init: RequestInit = {},
): Promise<{ response: Response; body: string }> {
  const headers = new Headers(init.headers);
  if (!headers.has("User-Agent")) headers.set("User-Agent", BROWSER_UA);
  const response = await request(path, { ...init, headers, env: workerEnv });
  return { response, body: await response.text() };
}

/** Empties the KV namespace between tests, and what the isolate remembers of it. */
export async function clearCache(): Promise<void> {
  forgetParsedEntries();
  forgetSiteVersion();
  let cursor: string | undefined;
  do {
    const page = await env.CACHE.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((key) => env.CACHE.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}
