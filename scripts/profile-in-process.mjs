// `npm run profile -- --in-process`: the built Worker's `fetch` called in this Node process, one
// request after the other, with no wrangler, proxy or sockets in between. Node runs the same V8
// as workerd but its own streams and TextEncoder (slower than workerd's), so the absolute figures
// are not the Worker's; what it gives is a quiet, repeatable A/B of the JavaScript (CPU time of
// this process per request, the bare starter measured the same way for the ratio), and under
// `node --cpu-prof` a profile whose attribution a loaded machine cannot smear (see
// profileInProcess). Everything stays in memory: KV is a Map, the starter's D1 row a constant,
// Storyblok (with --storyblok) the mock CDN without latency.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BROWSER_UA, STARTER_DIR, bin, run } from "./lib.mjs";

/** A KV namespace in memory: what the content cache and the site version read and write. */
function memoryKv() {
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

/** A built Worker as a function of a path: its `fetch` with an environment and an execution context. */
async function workerOf(buildDir, env) {
  const worker = (await import(path.resolve(buildDir, "server", "index.js"))).default;
  const pending = [];
  const ctx = { waitUntil: (promise) => pending.push(promise), passThroughOnException() {}, props: {} };
  return async (pathname) => {
    const request = new Request(`http://127.0.0.1:8787${pathname}`, { headers: { "User-Agent": BROWSER_UA } });
    const response = await worker.fetch(request, env, ctx);
    const body = await response.text();
    await Promise.all(pending.splice(0));
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}: ${body.slice(0, 200)}`);
  };
}

/** CPU time of this process per call of `get(pathname)`, in ms. */
async function cpuPerRequest(get, pathname, requests) {
  const before = process.cpuUsage();
  for (let i = 0; i < requests; i += 1) await get(pathname);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / requests;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? NaN;

/**
 * Measures `pages` of the built site (build/) and the bare starter's home in rounds, interleaved.
 * For where the time goes, run it under Node's own profiler, whose samples a busy machine does
 * not smear the way an in-thread inspector session's are:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/profile.mjs --in-process --use-existing-build
 */
export async function profileInProcess({ pages, storyblok, cdnUrl, requests, rounds, print }) {
  if ((await run(bin("react-router"), ["build"], { cwd: STARTER_DIR, stdio: "ignore" })) !== 0) {
    throw new Error("starter build failed");
  }
  const vars = JSON.parse(readFileSync("build/server/wrangler.json", "utf8")).vars ?? {};
  const env = {
    ...vars,
    PAGE_CACHE: "off",
    CACHE: memoryKv(),
    ASSETS: { fetch: async () => new Response("Not found", { status: 404 }) },
    ...(storyblok ? { STORYBLOK_TOKEN: "p", STORYBLOK_PREVIEW_TOKEN: "d", STORYBLOK_API_BASE: cdnUrl } : {}),
  };
  const site = await workerOf("build", env);
  const starter = await workerOf(path.join(STARTER_DIR, "build"), {
    KV: { get: async () => "Hello" },
    DB: { prepare: () => ({ bind: () => ({ first: async () => ({ title: "Starter" }) }) }) },
  });
  // Warm: module loading, the content index, V8's optimising compiler.
  for (let i = 0; i < 50; i += 1) {
    await starter("/");
    for (const page of pages) await site(page.path);
  }

  const starterRuns = [];
  const siteRuns = new Map(pages.map((page) => [page.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const page of pages) {
      starterRuns.push(await cpuPerRequest(starter, "/", requests));
      siteRuns.get(page.name).push(await cpuPerRequest(site, page.path, requests));
    }
  }
  const starterMs = median(starterRuns);
  print(
    `\nin process (Node ${process.versions.node}), ${storyblok ? "Storyblok behind warm KV" : "embedded content"}, ` +
      `${rounds} rounds of ${requests} requests, median: bare starter ${starterMs.toFixed(2)} ms/request`,
  );
  print("page\tCPU ms/request\tratio to starter");
  for (const page of pages) {
    const ms = median(siteRuns.get(page.name));
    print([page.name, ms.toFixed(2), (ms / starterMs).toFixed(2)].join("\t"));
  }
}
