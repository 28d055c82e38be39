// The production deploy, proven without deploying (part of `npm test`; docs/operations.md):
// 1. every binding and var of the local configuration is also declared in [env.production];
// 2. the production build (CLOUDFLARE_ENV=production) goes through `wrangler deploy --dry-run
//    --env production`, which bundles and checks it exactly as a deploy would, offline;
// 3. the bundle against the Workers limits: its compressed size (3 MiB on the free plan, 10 MiB
//    paid) and its startup time (1 s), measured as the first response of a fresh workerd isolate
//    running the dry-run's output, minus the same for a Worker that does nothing.
// The production build reads its stories from Storyblok and carries none of content/stories
// (ARENA_CONTENT=storyblok, as `npm run deploy`); `ARENA_CONTENT=embedded` measures a build with
// them, for comparison. Prints both figures. Exit 1 when any check fails.
//   [ARENA_CONTENT=embedded] node scripts/deploy-check.mjs
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_readConfig as readConfig } from "wrangler";
import { spawnSync } from "node:child_process";
import { bin, OFFLINE_ENV, run } from "./lib.mjs";

const KiB = 1024;
const LIMITS = { freeBytes: 3 * KiB * KiB, paidBytes: 10 * KiB * KiB, startupMs: 1000 };
const BUILD_DIR = ".wrangler/build-production";
const CONTENT = process.env.ARENA_CONTENT ?? "storyblok";
/** A phrase of an embedded event story (content/stories/es/events/): in the bundle only if the stories are. */
const EMBEDDED_STORY_MARK = "marea-alta-gira-mediterrania";
/** Where the Cloudflare Vite plugin tells wrangler which build to deploy; a build rewrites it. */
const DEPLOY_REDIRECT = ".wrangler/deploy/config.json";

let failed = false;
function check(ok, message) {
  console.log(`${ok ? "ok  " : "FAIL"} ${message}`);
  if (!ok) failed = true;
}

// 1. Bindings and vars: an environment inherits none of them, so a new one must be added twice.
const local = readConfig({ config: "wrangler.toml" });
const production = readConfig({ config: "wrangler.toml", env: "production" });
const names = (config) => ({
  vars: Object.keys(config.vars ?? {}),
  kv: config.kv_namespaces.map((kv) => kv.binding),
  d1: config.d1_databases.map((db) => db.binding),
  r2: config.r2_buckets.map((bucket) => bucket.binding),
  queueProducers: config.queues.producers?.map((queue) => queue.binding) ?? [],
  queueConsumers: config.queues.consumers?.map((queue) => queue.queue) ?? [],
  deadLetterQueues: config.queues.consumers?.map((queue) => queue.dead_letter_queue).filter(Boolean) ?? [],
  rateLimiters: config.ratelimits.map((limiter) => limiter.name),
});
const wanted = names(local);
const declared = names(production);
for (const [kind, list] of Object.entries(wanted)) {
  const missing = list.filter((name) => !declared[kind].includes(name));
  check(missing.length === 0, `[env.production] declares every ${kind}${missing.length ? `: missing ${missing}` : ""}`);
}
check(production.vars.APP_ENV === "production", 'APP_ENV is "production"');
check(production.vars.FIREBASE_AUTH_EMULATOR_HOST === "", "FIREBASE_AUTH_EMULATOR_HOST is empty");
const localValues = [
  ...local.kv_namespaces.map((kv) => kv.id),
  ...local.d1_databases.map((db) => db.database_id),
  "demo-arena",
  "demo-api-key",
];
const productionText = JSON.stringify({ ...production, definedEnvironments: [], topLevelName: "" });
const leaked = localValues.filter((value) => value && productionText.includes(`"${value}"`));
check(leaked.length === 0, `no local value in production${leaked.length ? `: ${leaked}` : ""}`);

// 2. Build for production in a directory of its own, then dry-run the deploy.
const redirect = existsSync(DEPLOY_REDIRECT) ? readFileSync(DEPLOY_REDIRECT, "utf8") : null;
const outdir = mkdtempSync(path.join(tmpdir(), "arena-deploy-"));
let dryRunOutput = "";
let startupOutput = "";
try {
  const reuse = process.argv.includes("--use-existing-build") && existsSync(`${BUILD_DIR}/server/wrangler.json`);
  const configPath = path.relative(path.dirname(DEPLOY_REDIRECT), `${BUILD_DIR}/server/wrangler.json`);
  if (reuse) writeFileSync(DEPLOY_REDIRECT, JSON.stringify({ configPath, auxiliaryWorkers: [] }));
  const built = reuse
    ? 0
    : await run(bin("react-router"), ["build"], {
        env: { CLOUDFLARE_ENV: "production", ARENA_BUILD_DIR: BUILD_DIR, ARENA_CONTENT: CONTENT },
        stdio: ["ignore", "ignore", "inherit"],
      });
  check(built === 0, "production build (CLOUDFLARE_ENV=production)");
  if (built === 0) {
    const log = path.join(outdir, "dry-run.log");
    const result = spawnSync(
      bin("wrangler"),
      ["deploy", "--dry-run", "--env", "production", "--outdir", path.join(outdir, "bundle")],
      { encoding: "utf8", env: { ...process.env, ...OFFLINE_ENV, CI: "true" } },
    );
    dryRunOutput = `${result.stdout}\n${result.stderr}`;
    writeFileSync(log, dryRunOutput);
    check(result.status === 0, `wrangler deploy --dry-run --env production${result.status ? ` (see ${log})` : ""}`);
    // Wrangler's own startup profiler: the CPU the Worker's global scope takes in a local workerd.
    const profile = spawnSync(
      bin("wrangler"),
      ["check", "startup", "--env", "production", "--outfile", path.join(outdir, "startup.cpuprofile")],
      { encoding: "utf8", env: { ...process.env, ...OFFLINE_ENV, CI: "true" } },
    );
    startupOutput = `${profile.stdout}\n${profile.stderr}`;
    check(profile.status === 0, "wrangler check startup --env production");
  }
} finally {
  // `npm start`, `wrangler dev` and the end-to-end tests keep serving the local build.
  if (redirect === null) rmSync(DEPLOY_REDIRECT, { force: true });
  else writeFileSync(DEPLOY_REDIRECT, redirect);
}

// 3a. Compressed size, as wrangler reports what it would upload.
const upload = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(dryRunOutput);
if (upload) {
  const gzipBytes = Number(upload[2]) * KiB;
  const mib = (bytes) => `${(bytes / KiB / KiB).toFixed(2)} MiB`;
  console.log(
    `bundle: ${Number(upload[1]).toFixed(0)} KiB, ${Number(upload[2]).toFixed(0)} KiB gzip (${mib(gzipBytes)}) ` +
      `— limits ${mib(LIMITS.freeBytes)} free, ${mib(LIMITS.paidBytes)} paid`,
  );
  check(gzipBytes < LIMITS.freeBytes, `compressed size under the free plan's ${mib(LIMITS.freeBytes)}`);
} else {
  check(false, "wrangler reported the upload size");
}

// 3c. The stories stay out of a Storyblok build, so the bundle does not grow with the catalogue.
const bundleDir = path.join(outdir, "bundle");
if (existsSync(bundleDir)) {
  const withStories = readdirSync(bundleDir, { recursive: true })
    .filter((file) => String(file).endsWith(".js"))
    .some((file) => readFileSync(path.join(bundleDir, String(file)), "utf8").includes(EMBEDDED_STORY_MARK));
  // What the stories weigh (their JSON, gzipped together as the bundle compresses them): the
  // difference between an embedded build and this one, without building twice.
  const storyFiles = readdirSync("content/stories", { recursive: true }).filter((file) =>
    String(file).endsWith(".json"),
  );
  const storiesGzip = gzipSync(
    storyFiles
      .map((file) => JSON.stringify(JSON.parse(readFileSync(path.join("content/stories", String(file)), "utf8"))))
      .join("\n"),
  ).length;
  console.log(
    `content: ${CONTENT} build, embedded stories ${withStories ? "in" : "not in"} the bundle ` +
      `(${storyFiles.length} stories, ${(storiesGzip / KiB).toFixed(0)} KiB gzip: ${withStories ? "carried" : "left out"})`,
  );
  check(
    withStories === (CONTENT === "embedded"),
    `the ${CONTENT} build ${withStories ? "carries" : "leaves out"} the embedded stories`,
  );
}

// 3b. Startup: the CPU time of the startup phase (global scope) as wrangler's profiler measures it,
// and, for orientation, the wall time to the first response of a fresh workerd isolate running the
// dry-run's output (machine load counts in that one, so it is printed, not judged).
const active = /Active: ([\d.]+) ms/.exec(startupOutput);
const startupMs = active ? Number(active[1]) : Number.NaN;

async function firstResponse(options, url) {
  const started = performance.now();
  const mf = new Miniflare(
    convertV4MiniflareOptions({ modules: true, compatibilityDate: production.compatibility_date, ...options }),
  );
  try {
    const response = await mf.dispatchFetch(url);
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, body };
  } finally {
    await mf.dispose();
  }
}

const bundle = path.join(outdir, "bundle");
let firstResponseNote = "";
if (existsSync(path.join(bundle, "index.js"))) {
  const chunks = readdirSync(path.join(bundle, "assets")).filter((file) => file.endsWith(".js"));
  const response = await firstResponse(
    {
      modulesRoot: bundle,
      modules: ["index.js", ...chunks.map((file) => `assets/${file}`)].map((file) => ({
        type: "ESModule",
        path: path.join(bundle, file),
      })),
      compatibilityFlags: production.compatibility_flags,
      bindings: { ...production.vars, PUBLIC_ORIGIN: "https://arena.test" },
      kvNamespaces: ["CACHE"],
      d1Databases: ["DB"],
      r2Buckets: ["DOCUMENTS"],
      queueProducers: Object.fromEntries(
        production.queues.producers.map(({ binding, queue }) => [binding, { queueName: queue }]),
      ),
      ratelimits: Object.fromEntries(
        production.ratelimits.map(({ name, simple, namespace_id }) => [name, { simple, namespace_id }]),
      ),
    },
    "https://arena.test/robots.txt",
  );
  firstResponseNote = `; first response of a fresh isolate after ${response.ms.toFixed(0)} ms wall time`;
  check(
    response.status === 200 && response.body.includes("Sitemap: https://arena.test/sitemap.xml"),
    `the production bundle answers in production mode (/robots.txt ${response.status})`,
  );
}
console.log(`startup: ${startupMs.toFixed(0)} ms CPU — limit ${LIMITS.startupMs} ms${firstResponseNote}`);
check(startupMs < LIMITS.startupMs, `startup under ${LIMITS.startupMs} ms`);
rmSync(outdir, { recursive: true, force: true });

console.log(failed ? "deploy check failed" : "deploy check passed");
process.exit(failed ? 1 : 0);
