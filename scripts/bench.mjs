// `npm run bench`: server-side rendering throughput of the built Worker under `wrangler dev` on
// loopback, side by side with the bare starter (tests/bench/starter: same package versions, a
// home route that reads one KV key and one D1 row and renders 20 links). Every figure of the site
// is measured in slices alternating with the starter's (scripts/bench-pairs.mjs), so a busy
// machine slows both alike. Prints, per page and as the median of the rounds, requests/s and p99
// of the starter and of the site uncached (every request rendered), cached (the edge page cache
// on) and from Storyblok behind a warm KV cache, with the median of the rounds' paired ratios to
// the starter; then the time to first byte at 17 and at 10,000 events per language (`--only ttfb`:
// that table alone, without the starter and the throughput rounds). `--only first-request`: a
// Storyblok build (ARENA_CONTENT=storyblok, no embedded stories) with `--events` events in each
// language, its KV filled, then started afresh: the Worker's CPU for each first request after start.
//   npm run bench [-- --duration 3 --slices 3 --connections 10 --rounds 3 --events 10000 --only ttfb|first-request --ttfb-rounds 3 --use-existing-build]
//   --duration: seconds per target and round, in --slices alternating slices;
//   --pages /es/,/en/events/: only these of the throughput table's pages
//   --rush [--rush-steps 4,8,16 --duration 6]: the on-sale mix (cached and missed event pages,
//   filtered event lists, signed-in member pages, consent and contact posts) against a Storyblok
//   build with the page cache on, at each concurrency for --duration seconds; prints requests/s,
//   errors, whether every consent and form reached D1, and each request type's operations beside
//   the capacity table's (docs/capacity.md)
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startMockCdn } from "#tests/mocks/storyblok/cdn-server.mjs";
import { alternate, median, pairedSummary, warmThenRounds } from "./bench-pairs.mjs";
import { generatedSlug } from "#tests/fixtures/generated-events.mjs";
import {
  BROWSER_UA,
  bin,
  OFFLINE_ENV,
  processCpuMs,
  run,
  startServer,
  waitForUrl,
  warmUp,
  withStarter,
  workerProcess,
} from "./lib.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "3" },
    slices: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    events: { type: "string", default: "10000" },
    only: { type: "string" },
    /** Times the TTFB table alternates 17 and `--events` events (a busy machine then slows both alike). */
    "ttfb-rounds": { type: "string", default: "1" },
    "use-existing-build": { type: "boolean", default: false },
    pages: { type: "string" },
    /** The rush (docs/capacity.md): a mixed load at rising concurrency, every write checked in D1. */
    rush: { type: "boolean", default: false },
    "rush-steps": { type: "string", default: "4,8,16" },
  },
});

/** Ports 8820–8829 (loopback only). */
const PORTS = { starter: 8820, uncached: 8821, cached: 8822, storyblok: 8823, cdn: 8824 };
const CDN_LATENCY_MS = 25;
/** `--only first-request`: the most CPU a fresh Worker's first request may take (docs/capacity.md). */
const FIRST_REQUEST_CPU_MS = 1000;
const WEBHOOK_SECRET = "bench-webhook-secret";
const headers = { "User-Agent": BROWSER_UA };

/** The site's pages measured; the starter has one page, its home, which every ratio divides by. */
const ALL_PAGES = [
  { name: "home (es)", path: "/es/" },
  { name: "content page (en)", path: "/en/about/" },
  { name: "event list (en)", path: "/en/events/" },
  { name: "event page (en)", path: "/en/event/marea-alta-gira-mediterrania/" },
];
const PAGES = values.pages ? ALL_PAGES.filter((page) => values.pages.split(",").includes(page.path)) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`--pages: none of ${ALL_PAGES.map((page) => page.path).join(", ")}`);

/** Serves the built site with `wrangler dev` and the given variables; returns its origin and a stop function. */
async function startSite(port, vars, { config = null, keepState = false } = {}) {
  const state = `.wrangler/state-${port}`;
  if (!keepState) rmSync(state, { recursive: true, force: true });
  const server = startServer(
    bin("wrangler"),
    [
      "dev",
      ...(config ? ["--config", config] : []),
      ...["--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false"],
      ...["--inspector-port", String(port + 100), "--persist-to", state],
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    { stdio: "ignore" },
  );
  const origin = `http://127.0.0.1:${port}`;
  await waitForUrl(`${origin}/robots.txt`, 120_000);
  return { origin, stop: server.stop, server };
}

async function warm(url, times = 20) {
  for (let i = 0; i < times; i += 1) await (await fetch(url, { headers })).arrayBuffer();
}

/** One slice of load on `url`. */
async function measureSlice(url) {
  const result = await autocannon({
    url,
    headers,
    duration: Number(values.duration) / Number(values.slices),
    connections: Number(values.connections),
  });
  // Completed requests over the run: per-second averages miss a slow page's first second.
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/** Tells the site that Storyblok published (a signed webhook): KV purged, site version bumped. */
async function publish(origin) {
  const body = JSON.stringify({
    text: "bench",
    action: "published",
    space_id: 287416,
    story_id: 5000,
    full_slug: "events",
  });
  const response = await fetch(`${origin}/api/webhooks/storyblok`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "webhook-signature": createHmac("sha1", WEBHOOK_SECRET).update(body).digest("hex"),
    },
    body,
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

/** Time to the response's headers (streaming SSR sends them with the shell). */
async function ttfb(url) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  await response.arrayBuffer();
  return ms;
}

if (values.only !== undefined && !["ttfb", "first-request"].includes(values.only))
  throw new Error(`--only takes "ttfb" or "first-request", not "${values.only}"`);

/** Where `--only first-request` builds the Storyblok Worker (its own directory: `build/` stays as it is). */
const STORYBLOK_BUILD = process.env.ARENA_BUILD_DIR || ".wrangler/build-storyblok";

if (values.only === "first-request" || values.rush) {
  if (
    (await run(bin("react-router"), ["build"], {
      stdio: "ignore",
      env: { ARENA_CONTENT: "storyblok", ARENA_BUILD_DIR: STORYBLOK_BUILD },
    })) !== 0
  )
    throw new Error("build failed");
} else if (!values["use-existing-build"] && (await run(bin("react-router"), ["build"], { stdio: "ignore" })) !== 0) {
  throw new Error("build failed");
}

/**
 * Flat cost as content grows: the same pages from Storyblok (`origin`) with 17 events, then with
 * `--events` more per language.
 */
async function ttfbTable(origin) {
  const ttfbPages = [
    { name: "home (es)", path: "/es/" },
    { name: "event list (es)", path: "/es/events/" },
    { name: "event list, search (es)", path: "/es/events/?search=circo" },
    { name: "event list, category (es)", path: "/es/events/?category=comedy" },
    { name: "event page (es)", path: "/es/event/marea-alta-gira-mediterrania/" },
  ];
  const samples = new Map();
  for (let round = 0; round < Number(values["ttfb-rounds"]); round += 1) {
    for (const count of [0, Number(values.events)]) {
      cdn.setGeneratedEvents(count);
      await publish(origin);
      // The first request after the publish reads the whole catalogue from the CDN (throttled by
      // storyblok-js-client to Storyblok's rate limits): that cold load is not what is measured.
      for (const page of ttfbPages) await warm(origin + page.path, 3);
      // Pages take turns, so a burst of load elsewhere on the machine slows them all alike.
      for (let i = 0; i < 15; i += 1) {
        for (const page of ttfbPages) {
          const key = `${page.name}|${count}`;
          samples.set(key, [...(samples.get(key) ?? []), await ttfb(origin + page.path)]);
        }
      }
    }
  }
  const timings = new Map([...samples].map(([key, list]) => [key, median(list)]));
  console.log(
    `\ntime to first byte (ms, median of ${15 * Number(values["ttfb-rounds"])}), Storyblok behind warm KV, uncached pages`,
  );
  console.log(`page\t17 events\t${values.events} events per language\tratio`);
  for (const page of ttfbPages) {
    const small = timings.get(`${page.name}|0`);
    const large = timings.get(`${page.name}|${values.events}`);
    console.log([page.name, small.toFixed(1), large.toFixed(1), (large / small).toFixed(2)].join("\t"));
  }
}

/**
 * The first requests of a fresh Worker on a warm KV (as after a deploy or in a new isolate): the
 * catalogue of `--events` events per language comes from the CDN once, then the server starts
 * again on the same state and each first request's CPU (the Worker's workerd process) is read.
 */
async function firstRequestTable() {
  const count = Number(values.events);
  const config = `${STORYBLOK_BUILD}/server/wrangler.json`;
  const pages = ["es", "en", "val"].flatMap((lang) => [
    { name: `event list (${lang})`, path: `/${lang}/events/` },
    {
      name: `event list, search (${lang})`,
      path: `/${lang}/events/?search=${encodeURIComponent("Generated event 09999")}`,
    },
    { name: `event page (${lang})`, path: `/${lang}/event/${generatedSlug(count - 1)}/` },
  ]);
  cdn.setGeneratedEvents(count);
  const filling = await startSite(PORTS.storyblok, storyblokVars, { config });
  const fillStarted = performance.now();
  try {
    for (const page of pages) await ttfb(filling.origin + page.path);
  } finally {
    // The next server takes the same port and state: wait for this one's whole group to end.
    const exited = new Promise((done) => filling.server.child.once("exit", done));
    filling.stop();
    await exited;
  }
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const fresh = await startSite(PORTS.storyblok, storyblokVars, { config, keepState: true });
  try {
    const pid = workerProcess(fresh.server);
    if (!pid) throw new Error("no workerd process found for the Worker");
    const atStart = processCpuMs(pid);
    console.log(
      `\nfirst requests after start, Storyblok build, ${count} events per language, KV warm (filled in ${fillSeconds.toFixed(1)} s)`,
    );
    console.log(`Worker process CPU at start (boot, module evaluation, /robots.txt): ${atStart.toFixed(0)} ms`);
    console.log("request\tCPU ms\twall ms\tstatus");
    let slowest = 0;
    for (const page of pages) {
      const before = processCpuMs(pid);
      const started = performance.now();
      const response = await fetch(fresh.origin + page.path, { headers });
      await response.arrayBuffer();
      const wall = performance.now() - started;
      const cpu = processCpuMs(pid) - before;
      slowest = Math.max(slowest, cpu);
      console.log([page.name, cpu.toFixed(0), wall.toFixed(0), response.status].join("\t"));
      if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
    }
    // A fresh isolate builds a language's catalogue on its first list: each first request is held to
    // under 1 s of CPU (docs/capacity.md), the time Workers give a Worker's start.
    const within = slowest < FIRST_REQUEST_CPU_MS;
    console.log(
      `${within ? "ok  " : "FAIL"} slowest first request ${slowest.toFixed(0)} ms CPU, limit ${FIRST_REQUEST_CPU_MS} ms`,
    );
    if (!within) process.exitCode = 1;
  } finally {
    fresh.stop();
  }
}

/** An ID token as the Firebase Auth emulator issues it (unsigned), accepted while the emulator variable is set. */
function emulatorToken(uid) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: "https://securetoken.google.com/demo-arena",
    aud: "demo-arena",
    sub: uid,
    iat: now - 60,
    exp: now + 3600,
    auth_time: now - 60,
    email: `${uid}@example.com`,
    email_verified: true,
    firebase: { identities: { email: [`${uid}@example.com`] }, sign_in_provider: "password" },
  };
  return `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`;
}

/** Runs SQL on the rush's local D1 (the server stopped) and returns the first row. */
function d1Row(state, sql) {
  const result = spawnSync(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, ...OFFLINE_ENV, CI: "true" } },
  );
  if (result.status !== 0) throw new Error(`d1 execute failed: ${result.stderr}`);
  return JSON.parse(result.stdout)[0].results[0];
}

/**
 * The on-sale rush on this machine (docs/capacity.md): a Storyblok build with the page cache on and
 * the Worker's operation counting on (`OPS_COUNT`), loaded with the profile's mix at rising
 * concurrency. Afterwards every consent and contact form answered with success must be a row in
 * D1 (the queues drained first), and each request type's operations per request are set beside
 * tests/capacity/counts.json.
 */
async function rush() {
  const port = PORTS.uncached;
  const state = `.wrangler/state-${port}`;
  const config = `${STORYBLOK_BUILD}/server/wrangler.json`;
  rmSync(state, { recursive: true, force: true });
  const migrated = await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    env: { CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (migrated !== 0) throw new Error("D1 migrations failed");
  const site = await startSite(
    port,
    { ...storyblokVars, PAGE_CACHE: "on", OPS_COUNT: "on", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
    { config, keepState: true },
  );
  const { origin } = site;
  const event = "/en/event/marea-alta-gira-mediterrania/";
  // A new member each time, as a rush's member pages mostly are to an isolate (it remembers a
  // member's revocation check for a few seconds): the capacity table counts that first page.
  const member = () => `__session=${emulatorToken(`rush-${randomUUID()}`)}; signed_in=1`;
  let client = 0;
  // Each post from its own address, so the per-client form limit (20 a minute) is not what is measured.
  const address = () => `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${(client += 1) & 255}`;
  const post = (label, path, body) => ({
    method: "POST",
    path,
    setupRequest: (request) => ({
      ...request,
      headers: {
        ...headers,
        Origin: origin,
        "Content-Type": "application/json",
        "X-Ops-Label": label,
        "CF-Connecting-IP": address(),
      },
      body: JSON.stringify(body()),
    }),
  });
  const get = (label, path, extra = () => ({})) => ({
    method: "GET",
    setupRequest: (request) => ({
      ...request,
      path: path(),
      headers: { ...headers, ...extra(), "X-Ops-Label": label },
    }),
  });
  const cached = get("public page, cached", () => event);
  const missed = get("public page, page cache miss", () => `${event}?ref=${randomUUID()}`);
  const list = get(
    "event list with filters, page cache miss",
    () => `/en/events/?category=concerts&search=${randomUUID()}`,
  );
  const signedIn = get(
    "member page",
    () => "/en/dashboard/",
    () => ({ Cookie: member() }),
  );
  const consent = post("consent", "/api/consent", () => ({ action: "accept-all", lang: "en" }));
  const contact = post("form: contact", "/api/forms/contact", () => ({
    name: "Rush",
    surname: "Test",
    email: `rush-${randomUUID()}@example.com`,
    phone: "+34 600 000 000",
    subject: "Accesibilidad",
    message: "Una pregunta durante la venta.",
    privacyAcceptance: true,
    communicationConsent: true,
  }));
  /** Each connection's cycle of 20, mixed so a short run sees every type: 8 cached event pages, 2 missed, 4 filtered lists, 2 member pages, 3 consents, 1 contact form. */
  const mix = [
    cached,
    list,
    consent,
    cached,
    missed,
    signedIn,
    cached,
    list,
    consent,
    contact,
    cached,
    list,
    cached,
    signedIn,
    missed,
    consent,
    cached,
    list,
    cached,
    cached,
  ];
  // Warm: the content in KV, the cached event page in the Cache API.
  for (let i = 0; i < 3; i += 1) {
    await warm(origin + event, 1);
    await warm(`${origin}/en/events/?category=concerts&search=warm`, 1);
    await warm(`${origin}/en/dashboard/`, 1);
  }
  await fetch(`${origin}/__ops`, { method: "DELETE" });

  const steps = [];
  const sent = { consent: 0, contact: 0 };
  const started = performance.now();
  try {
    for (const connections of values["rush-steps"].split(",").map(Number)) {
      const result = await autocannon({ url: origin, connections, duration: Number(values.duration), requests: mix });
      const errors = result.non2xx + result.errors + result.timeouts;
      steps.push({ connections, rps: result.requests.total / result.duration, p99: result.latency.p99, errors });
      console.error(`rush: ${connections} connections done`);
    }
    // The queues drained: every batch finished and nothing waiting in `waitUntil`.
    let report;
    for (let settled = 0; settled < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const next = await (await fetch(`${origin}/__ops`)).json();
      const proofs = next.labels["queue:arena-consent-proofs"]?.counts["d1.write"] ?? 0;
      const accepted = next.labels.consent?.counts["queue.send"] ?? 0;
      settled =
        next.pending === 0 && proofs >= accepted && JSON.stringify(next) === JSON.stringify(report) ? settled + 1 : 0;
      report = next;
    }
    sent.consent = report.labels.consent?.counts["queue.send"] ?? 0;
    sent.contact = report.labels["form: contact"]?.counts["queue.send"] ?? 0;
    printRush(steps, report, state, (performance.now() - started) / 1000);
  } finally {
    const exited = new Promise((done) => site.server.child.once("exit", done));
    site.stop();
    await exited;
  }
  const rows = d1Row(
    state,
    "SELECT (SELECT count(*) FROM consent_records) AS consents, (SELECT count(*) FROM form_submissions) AS forms, (SELECT count(*) FROM form_submissions WHERE delivery_status = 'delivered') AS delivered",
  );
  console.log(
    `\nin D1 afterwards: ${rows.consents} consent records for ${sent.consent} accepted decisions, ${rows.forms} contact submissions for ${sent.contact} accepted (${rows.delivered} delivered by the queue)`,
  );
  const lost = sent.consent - rows.consents + (sent.contact - rows.forms) + (rows.forms - rows.delivered);
  console.log(lost === 0 ? "nothing lost" : `LOST: ${lost}`);
  if (lost !== 0 || steps.some((step) => step.errors > 0)) process.exitCode = 1;
}

function printRush(steps, report, state, seconds) {
  console.log(`\nrush: the on-sale mix, ${values.duration} s per step, loopback (state ${state})`);
  console.log("connections\trequests/s\tp99 ms\terrors");
  for (const step of steps) console.log([step.connections, step.rps.toFixed(0), step.p99, step.errors].join("\t"));
  const best = steps.filter((step) => step.errors === 0).sort((a, b) => b.rps - a.rps)[0];
  console.log(
    best
      ? `highest rate with 0 errors: ${best.rps.toFixed(0)} requests/s at ${best.connections} connections`
      : "every step had errors",
  );

  const table = JSON.parse(readFileSync("tests/capacity/counts.json", "utf8"));
  console.log("\noperations per request in the rush beside the capacity table (tests/capacity/counts.json)");
  console.log("request type\trequests\tmeasured per request\ttable\tsame");
  const rows = [
    ...Object.entries(report.labels)
      .filter(([label]) => !label.startsWith("queue:"))
      .map(([label, tally]) => [label, tally.requests, tally.counts, table[label]]),
  ];
  const consumer = report.labels["queue:arena-consent-proofs"];
  if (consumer) {
    // The table's consumer row is per batch of 100; here batches are as the queue cut them.
    const perProof = Object.fromEntries(
      Object.entries(consumer.counts).map(([op, n]) => [
        op,
        op === "d1.batch" ? n / consumer.requests : n / consumer.messages,
      ]),
    );
    rows.push([
      `consent consumer (${consumer.messages} proofs in ${consumer.requests} batches)`,
      consumer.requests,
      null,
      null,
      perProof,
    ]);
  }
  for (const [label, requests, counts, expected, given] of rows) {
    const perRequest =
      given ?? Object.fromEntries(Object.entries(counts).map(([op, n]) => [op, Number((n / requests).toFixed(3))]));
    const wanted = expected ?? { "d1.batch": 1, "d1.write": 1 };
    // KV reads are left out here: in steady state they come once a second per isolate (the site
    // version), not per request, and are reported as a rate below (docs/capacity.md). The rest
    // must match to the hundredth: an operation that some requests of a type make shows.
    const whole = (ops) =>
      JSON.stringify(
        Object.entries(ops)
          .filter(([op]) => op !== "kv.read")
          .map(([op, n]) => [op, Number(n.toFixed(2))])
          .filter(([, n]) => n > 0)
          .sort(),
      );
    const same = whole(perRequest) === whole(wanted);
    if (!same) process.exitCode = 1;
    console.log([label, requests, JSON.stringify(perRequest), JSON.stringify(wanted), same ? "yes" : "NO"].join("\t"));
  }
  const kvReads = Object.values(report.labels).reduce((n, tally) => n + (tally.counts["kv.read"] ?? 0), 0);
  console.log(
    `KV reads: ${kvReads} in ${seconds.toFixed(0)} s, ${(kvReads / seconds).toFixed(1)} a second for the isolate (a rate, not per request)`,
  );
}

const contentDir = mkdtempSync(path.join(tmpdir(), "arena-bench-cdn-"));
cpSync("content", contentDir, { recursive: true });
const tokens = { public: "bench-public-token", preview: "bench-preview-token" };
const cdn = await startMockCdn({ port: PORTS.cdn, contentDir, tokens, latencyMs: CDN_LATENCY_MS });
const storyblokVars = {
  PAGE_CACHE: "off",
  STORYBLOK_TOKEN: tokens.public,
  STORYBLOK_PREVIEW_TOKEN: tokens.preview,
  STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STORYBLOK_API_BASE: cdn.url,
};
const servers = [];
try {
  if (values.rush) await rush();
  else if (values.only === "first-request") await firstRequestTable();
  else if (values.only === "ttfb") {
    servers.push(await startSite(PORTS.storyblok, storyblokVars));
    await ttfbTable(servers[0].origin);
  } else
    await withStarter(PORTS.starter, async (starter) => {
      servers.push(await startSite(PORTS.uncached, { PAGE_CACHE: "off" }));
      servers.push(await startSite(PORTS.cached, { PAGE_CACHE: "on" }));
      servers.push(await startSite(PORTS.storyblok, storyblokVars));
      const [uncached, cached, storyblok] = servers.map((server) => server.origin);
      const targets = { uncached, cached, storyblok };

      // Interleaved: each round measures every page on every target, each in slices alternating
      // with the starter's home.
      const results = new Map();
      await warmThenRounds({
        urls: [`${starter}/`, ...PAGES.flatMap((page) => Object.values(targets).map((origin) => origin + page.path))],
        warmUp: (url) => warmUp(url, { connections: Number(values.connections) }),
        rounds: Number(values.rounds),
        round: async (index) => {
          for (const page of PAGES) {
            for (const [name, origin] of Object.entries(targets)) {
              const slices = Number(values.slices);
              const [site, base] = await alternate(measureSlice, origin + page.path, `${starter}/`, slices);
              const key = `${page.name}|${name}`;
              results.set(key, [...(results.get(key) ?? []), { site, starter: base }]);
            }
          }
          console.error(`round ${index + 1} done`);
        },
      });

      console.log(
        `\nrequests/s and p99 (ms), median of ${values.rounds} rounds of ${values.duration} s per target in ${values.slices} slices alternating with the starter, ${values.connections} connections; ratio = median of the rounds' site / starter`,
      );
      console.log(
        "page\tstarter rps\tp99\tuncached rps\tp99\tratio\tcached rps\tp99\tratio\tStoryblok warm KV rps\tp99\tratio\tnon-2xx",
      );
      for (const page of PAGES) {
        const cells = Object.keys(targets).map((name) => pairedSummary(results.get(`${page.name}|${name}`) ?? []));
        const starterRps = median(cells.map((cell) => cell.starterRps));
        const starterP99 = median(cells.map((cell) => cell.starterP99));
        const errors = cells.reduce((n, cell) => n + cell.errors, 0);
        console.log(
          [
            page.name,
            starterRps.toFixed(0),
            starterP99,
            ...cells.flatMap((cell) => [cell.rps.toFixed(0), cell.p99, cell.ratio.toFixed(2)]),
            errors,
          ].join("\t"),
        );
      }

      await ttfbTable(storyblok);
    });
} finally {
  for (const server of servers) server.stop();
  await cdn.close();
  rmSync(contentDir, { recursive: true, force: true });
}
