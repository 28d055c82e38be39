import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "#worker/index.ts";
import { forgetParsedEntries } from "#worker/services/cache/kv-cache.ts";

export const ORIGIN = "http://arena.test";
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/**
 * Calls the real Worker with a given environment (e.g. one that reads Storyblok) and waits for
 * its `waitUntil` work, so tests see the cache as the next request would.
 */
export async function fetchWorker(
  path: string,
  workerEnv: Env,
  init: RequestInit = {},
): Promise<{ response: Response; body: string }> {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  if (!headers.has("User-Agent")) headers.set("User-Agent", BROWSER);
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init, headers }),
    workerEnv,
    ctx,
  );
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body };
}

/** Empties the KV namespace between tests, and what the isolate remembers of it. */
export async function clearCache(): Promise<void> {
  forgetParsedEntries();
  let cursor: string | undefined;
  do {
    const page = await env.CACHE.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((key) => env.CACHE.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}
