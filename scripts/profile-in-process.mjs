// `npm run profile -- --in-process`: the built Worker's `fetch` called in this Node process, one
// request after the other, with no wrangler, proxy or sockets in between. Node runs the same V8
// as workerd but its own streams and TextEncoder (slower than workerd's), so the absolute figures
// are not the Worker's; what it gives is a quiet, repeatable A/B of the JavaScript (CPU time of
// this process per request, the bare starter measured the same way for the ratio), and under
// `node --cpu-prof` a profile whose attribution a loaded machine cannot smear (see
// profileInProcess). Everything stays in memory: KV is a Map, the starter's D1 row a constant,
// Storyblok (with --storyblok) the mock CDN without latency.
import path from "node:path";
import { builtWorker, siteEnv } from "./in-process-worker.mjs";
import { STARTER_DIR, bin, run } from "./lib.mjs";

/** A built Worker as a function of a path that must answer 200. */
async function workerOf(buildDir, env) {
  const fetchPage = await builtWorker(buildDir, env);
  return async (pathname) => {
    const { status, body } = await fetchPage(pathname);
    if (status !== 200) throw new Error(`${pathname} answered ${status}: ${body.slice(0, 200)}`);
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
  const env = siteEnv(
    "build",
    storyblok ? { STORYBLOK_TOKEN: "p", STORYBLOK_PREVIEW_TOKEN: "d", STORYBLOK_API_BASE: cdnUrl } : {},
  );
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
