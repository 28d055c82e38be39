// The built Worker called in this Node process: its `fetch` with an environment held in memory
// (KV a Map, assets absent, no page cache), for the in-process profile (scripts/profile-in-process.mjs)
// and the retained-memory check (scripts/memory.mjs).
import { readFileSync } from "node:fs";
import path from "node:path";
import { BROWSER_UA } from "./lib.mjs";

/**
 * Node's `Request` wants `duplex: "half"` for a streamed body, as the Fetch standard says;
 * workerd's does not, and the Worker (worker/middleware/body-limit.ts) re-wraps a page's form
 * body as a stream without it. Given here, so a form sent in this process is read as in workerd.
 */
class StreamingRequest extends Request {
  constructor(input, init) {
    super(input, init?.body instanceof ReadableStream ? { duplex: "half", ...init } : init);
  }
}
globalThis.Request = StreamingRequest;

/** A KV namespace in memory: what the content cache and the site version read and write. */
export function memoryKv() {
  const entries = new Map();
  const read = (key, type) => {
    const value = entries.get(key);
    if (value === undefined) return null;
    return (typeof type === "string" ? type : type?.type) === "json" ? JSON.parse(value) : value;
  };
  return {
    get: async (key, type) => read(key, type),
    getWithMetadata: async (key, type) => ({ value: read(key, type), metadata: null }),
    put: async (key, value) => void entries.set(key, typeof value === "string" ? value : JSON.stringify(value)),
    delete: async (key) => void entries.delete(key),
    list: async () => ({ keys: [...entries.keys()].map((name) => ({ name })), list_complete: true }),
  };
}

/** A rate limiter that lets every request through (the limits are workerd's; this measures the page). */
const unlimited = { limit: async () => ({ success: true }) };

/** The site's environment for a build: its vars, KV in memory, no assets, no page cache, no limits. */
export function siteEnv(buildDir, extra = {}) {
  const vars = JSON.parse(readFileSync(path.join(buildDir, "server", "wrangler.json"), "utf8")).vars ?? {};
  return {
    ...vars,
    PAGE_CACHE: "off",
    CACHE: memoryKv(),
    ASSETS: { fetch: async () => new Response("Not found", { status: 404 }) },
    FORM_RATE_LIMITER: unlimited,
    SESSION_RATE_LIMITER: unlimited,
    ...extra,
  };
}

/**
 * A built Worker as a function of a path: it answers the request (a browser's GET, or `init`)
 * and waits for the work the Worker left to `waitUntil`. Resolves to the status and the body.
 */
export async function builtWorker(buildDir, env) {
  const worker = (await import(path.resolve(buildDir, "server", "index.js"))).default;
  const pending = [];
  const ctx = { waitUntil: (promise) => pending.push(promise), passThroughOnException() {}, props: {} };
  return async (pathname, init = {}) => {
    const headers = { "User-Agent": BROWSER_UA, ...init.headers };
    const response = await worker.fetch(
      new Request(`http://127.0.0.1:8787${pathname}`, { ...init, headers }),
      env,
      ctx,
    );
    const body = await response.text();
    await Promise.all(pending.splice(0));
    return { status: response.status, body };
  };
}
