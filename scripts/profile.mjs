// `npm run profile`: CPU per request by page. Serves the built site under `wrangler dev` and
// puts each page under load with autocannon, twice:
// - without the profiler, reading the CPU time the Worker's workerd process used (/proc: user +
//   system, so a busy machine taking the core away does not inflate it), divided by the requests;
//   the bare starter (tests/bench/starter) is measured the same way in slices alternating with
//   each page's, and the ratio is the median of the rounds' own ratios;
// - with the V8 inspector of the Worker's isolate sampling it: the profile's busy time per
//   request (each sample's wall time capped at twice the interval, so close to CPU time),
//   "JS" without the runtime's own "(program)" time, and the functions that took the most, by
//   self time and by inclusive time (everything they called).
//   npm run profile [-- --duration 2 --slices 2 --process-rounds 3 --connections 10 --storyblok [--events 10000] --no-starter --use-existing-build]
//   npm run profile -- --in-process [--requests 60 --rounds 3 --storyblok]: see scripts/profile-in-process.mjs
import autocannon from "autocannon";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startMockCdn } from "#tests/mocks/storyblok/cdn-server.mjs";
import { median, warmThenRounds } from "./bench-pairs.mjs";
import {
  BROWSER_UA,
  bin,
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
    duration: { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
    storyblok: { type: "boolean", default: false },
    /** With --storyblok: generated events per language besides the 17 embedded ones. */
    events: { type: "string", default: "0" },
    top: { type: "string", default: "6" },
    "no-starter": { type: "boolean", default: false },
    /** The built Worker called in this Node process instead (scripts/profile-in-process.mjs). */
    "in-process": { type: "boolean", default: false },
    requests: { type: "string", default: "60" },
    rounds: { type: "string", default: "3" },
    /** Interleaved rounds of the Worker-process measurement (starter and every page each round). */
    "process-rounds": { type: "string", default: "3" },
    /** Slices of --duration seconds, alternating with the starter's, in each round. */
    slices: { type: "string", default: "2" },
    "use-existing-build": { type: "boolean", default: false },
  },
});

/** Ports 8825–8827, and 8860 for the starter (8828 is `npm run size`'s). */
const PORTS = { site: 8825, inspector: 8826, cdn: 8827, starter: 8860 };
const headers = { "User-Agent": BROWSER_UA };
const ALL_PAGES = [
  { name: "home (es)", path: "/es/" },
  { name: "content page (en)", path: "/en/about/" },
  { name: "event list (en)", path: "/en/events/" },
  { name: "event page (en)", path: "/en/event/marea-alta-gira-mediterrania/" },
];
const PAGES = process.env.PROFILE_PAGES
  ? ALL_PAGES.filter((page) => process.env.PROFILE_PAGES.split(",").includes(page.path))
  : ALL_PAGES;

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector(port) {
  const deadline = Date.now() + 30_000;
  let targets = [];
  while (targets.length === 0 && Date.now() < deadline) {
    targets = await fetch(`http://127.0.0.1:${port}/json`)
      .then((response) => response.json())
      .catch(() => []);
    if (targets.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error("no inspector target");
  // wrangler's inspector proxy wants an Origin on the upgrade.
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: `http://127.0.0.1:${port}` } });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  // The proxy renumbers replies, so answers are matched in order: one command at a time. It also
  // passes on replies to its own commands, so a command that expects a field (`Profiler.stop`:
  // `profile`) waits for the reply that has it.
  const pending = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id === undefined || pending.length === 0) return;
    const [{ expect, resolve }] = pending;
    if (expect && !(expect in (message.result ?? {}))) return;
    pending.shift();
    resolve(message);
  });
  return {
    send(method, params = {}, expect = null) {
      id += 1;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => pending.push({ expect, resolve }));
    },
    close: () => socket.close(),
  };
}

/** The profiler's sampling interval, in microseconds. */
const SAMPLING_INTERVAL_US = 100;

const whereOf = ({ callFrame }) =>
  `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").slice(-2).join("/")}:${callFrame.lineNumber + 1}`;

/**
 * CPU time of a profile in ms: all of it but idle, and JS alone; plus the heaviest functions by
 * self time and by inclusive time (a function counted once per sample however deep it recurses).
 */
function cpuOf(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  let busyUs = 0;
  let jsUs = 0;
  const self = new Map();
  const inclusive = new Map();
  const byScript = new Map();
  profile.samples.forEach((nodeId, index) => {
    const node = byId.get(nodeId);
    const { functionName } = node.callFrame;
    // A sample's delta is wall time since the previous one: on a loaded machine the isolate's
    // thread waits for a core in between, and that wait would be charged to whatever ran next.
    // Capped at twice the sampling interval, the figures stay close to CPU time.
    const delta = Math.min(profile.timeDeltas[index] ?? 0, 2 * SAMPLING_INTERVAL_US);
    if (functionName === "(idle)") return;
    busyUs += delta;
    if (functionName !== "(program)" && functionName !== "(garbage collector)") jsUs += delta;
    self.set(whereOf(node), (self.get(whereOf(node)) ?? 0) + delta);
    const script = node.callFrame.url.split("/").at(-1) || "(native or runtime)";
    byScript.set(script, (byScript.get(script) ?? 0) + delta);
    const seen = new Set();
    for (let id = nodeId; id !== undefined; id = parent.get(id)) {
      const where = whereOf(byId.get(id));
      if (seen.has(where) || where.startsWith("(root)")) continue;
      seen.add(where);
      inclusive.set(where, (inclusive.get(where) ?? 0) + delta);
    }
  });
  const heaviest = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  return {
    busyMs: busyUs / 1000,
    jsMs: jsUs / 1000,
    top: heaviest(self),
    inclusive: heaviest(inclusive),
    byScript: heaviest(byScript),
  };
}

function load(url) {
  return autocannon({ url, headers, duration: Number(values.duration), connections: Number(values.connections) });
}

/** Adds to `total` the CPU time the Worker's process used while `url` was under load (no profiler attached), and the requests. */
async function measureCpu(total, pid, url) {
  const before = processCpuMs(pid);
  const result = await load(url);
  total.cpuMs += processCpuMs(pid) - before;
  total.requests += result.requests.total;
}

if (!values["use-existing-build"] && (await run(bin("react-router"), ["build"], { stdio: "ignore" })) !== 0) {
  throw new Error("build failed");
}

const vars = { PAGE_CACHE: "off" };
let cdn = null;
let contentDir = null;
if (values.storyblok) {
  contentDir = mkdtempSync(path.join(tmpdir(), "arena-profile-cdn-"));
  cpSync("content", contentDir, { recursive: true });
  const latencyMs = values["in-process"] ? 0 : 25;
  cdn = await startMockCdn({ port: PORTS.cdn, contentDir, tokens: { public: "p", preview: "d" }, latencyMs });
  cdn.setGeneratedEvents(Number(values.events));
  Object.assign(vars, { STORYBLOK_TOKEN: "p", STORYBLOK_PREVIEW_TOKEN: "d", STORYBLOK_API_BASE: cdn.url });
}
/** The heaviest functions of each page's profile: `[page, summary, requests]`. */
function printTops(tops) {
  const lines = (list, requests) => list.map(([where, us]) => `  ${(us / 1000 / requests).toFixed(3)} ms  ${where}`);
  for (const [title, field] of [
    ["self time", "top"],
    ["inclusive time", "inclusive"],
    ["self time by script (the server build's chunks)", "byScript"],
  ]) {
    console.log(`\nheaviest functions by ${title} (ms per request, profiled)`);
    for (const [name, cpu, requests] of tops) console.log(`${name}\n${lines(cpu[field], requests).join("\n")}`);
  }
}

if (values["in-process"]) {
  const { profileInProcess } = await import("./profile-in-process.mjs");
  try {
    await profileInProcess({
      pages: PAGES,
      storyblok: values.storyblok,
      cdnUrl: cdn?.url,
      requests: Number(values.requests),
      rounds: Number(values.rounds),
      print: (line) => console.log(line),
    });
  } finally {
    await cdn?.close();
    if (contentDir) rmSync(contentDir, { recursive: true, force: true });
  }
  process.exit(0);
}

const state = `.wrangler/state-${PORTS.site}`;
rmSync(state, { recursive: true, force: true });
const server = startServer(
  bin("wrangler"),
  [
    "dev",
    ...["--port", String(PORTS.site), "--ip", "127.0.0.1", "--show-interactive-dev-session=false"],
    ...["--inspector-port", String(PORTS.inspector), "--persist-to", state],
    ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
  ],
  { stdio: "ignore" },
);
const origin = `http://127.0.0.1:${PORTS.site}`;

async function profileSite(starter) {
  await waitForUrl(`${origin}/es/`, 120_000);
  const sitePid = workerProcess(server);
  const starterPid = starter && workerProcess(starter.server);
  if (!sitePid || (starter && !starterPid)) throw new Error("no workerd process found for the Worker");
  const cdp = await inspector(PORTS.inspector);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  const events = values.storyblok && values.events !== "0" ? ` with ${values.events} generated events` : "";
  const tops = [];
  // The machine's speed drifts by tens of percent from one second to the next, so, as in
  // `npm run bench` (scripts/bench-pairs.mjs), each round measures every page in slices alternating
  // with the starter's, and a page's ratio is the median of the rounds' own ratios.
  const rounds = Number(values["process-rounds"]);
  const slices = Number(values.slices);
  const cpuRounds = new Map(PAGES.map((page) => [page.path, []]));
  const perRequest = ({ cpuMs, requests }) => cpuMs / Math.max(1, requests);
  // The warm-up also does a large catalogue's first (cold) reads, and the starter's comes last, so
  // the pages' background KV writes have ended before anything is measured.
  await warmThenRounds({
    urls: [...PAGES.map((page) => origin + page.path), ...(starter ? [`${starter.origin}/`] : [])],
    warmUp: (url) => warmUp(url, { connections: Number(values.connections) }),
    rounds,
    round: async () => {
      for (const page of PAGES) {
        const totals = { site: { cpuMs: 0, requests: 0 }, starter: { cpuMs: 0, requests: 0 } };
        for (let slice = 0; slice < slices; slice += 1) {
          await measureCpu(totals.site, sitePid, origin + page.path);
          if (starter) await measureCpu(totals.starter, starterPid, `${starter.origin}/`);
        }
        cpuRounds.get(page.path).push({ site: perRequest(totals.site), starter: perRequest(totals.starter) });
      }
    },
  });
  const profiled = [];
  for (const page of PAGES) {
    await cdp.send("Profiler.start");
    const result = await load(origin + page.path);
    const stopped = await cdp.send("Profiler.stop", {}, "profile");
    if (!stopped.result?.profile) throw new Error(`no profile: ${JSON.stringify(stopped).slice(0, 300)}`);
    const cpu = cpuOf(stopped.result.profile);
    // PROFILE_SAVE=<dir>: the raw profile per page, for Chrome DevTools' Performance panel.
    if (process.env.PROFILE_SAVE) {
      const file = path.join(process.env.PROFILE_SAVE, `${page.path.replaceAll("/", "_")}.cpuprofile`);
      writeFileSync(file, JSON.stringify(stopped.result.profile));
    }
    const requests = Math.max(1, result.requests.total);
    profiled.push([cpu.busyMs / requests, cpu.jsMs / requests, requests]);
    tops.push([page.name, cpu, requests]);
  }
  cdp.close();

  console.log(
    `CPU per request (ms), ${values.storyblok ? "Storyblok behind warm KV" : "embedded content"}${events}, uncached, ${rounds} interleaved rounds`,
  );
  if (starter) {
    const starterMs = median([...cpuRounds.values()].flat().map((round) => round.starter));
    console.log(`bare starter (home), Worker process: median ${starterMs.toFixed(2)} ms/request`);
  }
  console.log(
    "page\tprocess CPU ms/request\tratio to starter\trounds' ratios\tprofile busy ms/request\tJS ms/request\trequests profiled",
  );
  PAGES.forEach((page, index) => {
    const measured = cpuRounds.get(page.path);
    const ratios = starter ? measured.map((round) => round.site / round.starter) : [];
    const [busyMs, jsMs, requests] = profiled[index];
    console.log(
      [
        page.name,
        median(measured.map((round) => round.site)).toFixed(2),
        ratios.length ? median(ratios).toFixed(2) : "-",
        ratios.map((ratio) => ratio.toFixed(2)).join(" ") || "-",
        busyMs.toFixed(2),
        jsMs.toFixed(2),
        requests,
      ].join("\t"),
    );
  });
  printTops(tops);
}

try {
  if (values["no-starter"]) await profileSite(null);
  else
    await withStarter(PORTS.starter, (starterOrigin, starter) =>
      profileSite({ origin: starterOrigin, server: starter }),
    );
} finally {
  server.stop();
  await cdn?.close();
  if (contentDir) rmSync(contentDir, { recursive: true, force: true });
}
