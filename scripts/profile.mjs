// `npm run profile`: CPU per request by page. Serves the built site under `wrangler dev`, puts
// each page under load with autocannon while the V8 inspector of the Worker's isolate samples
// it, and prints the milliseconds of CPU per request (everything but idle; "JS" leaves out the
// runtime's own "(program)" time) and the functions that took the most.
//   npm run profile [-- --duration 3 --connections 10 --storyblok [--events 10000] --use-existing-build]
import autocannon from "autocannon";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startMockCdn } from "../tests/mocks/storyblok/cdn-server.mjs";
import { BROWSER_UA, bin, run, startServer, waitForUrl } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    storyblok: { type: "boolean", default: false },
    /** With --storyblok: generated events per language besides the 17 embedded ones. */
    events: { type: "string", default: "0" },
    top: { type: "string", default: "6" },
    "use-existing-build": { type: "boolean", default: false },
  },
});

const PORTS = { site: 8825, inspector: 8826, cdn: 8827 };
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
  // The proxy renumbers replies, so answers are matched in order: one command at a time.
  const pending = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined) pending.shift()?.(message);
  });
  return {
    send(method, params = {}) {
      id += 1;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => pending.push(resolve));
    },
    close: () => socket.close(),
  };
}

/** CPU time of a profile in ms: all of it but idle, and JS alone; plus the heaviest functions by self time. */
function cpuOf(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let busyUs = 0;
  let jsUs = 0;
  const self = new Map();
  profile.samples.forEach((nodeId, index) => {
    const { callFrame } = byId.get(nodeId);
    const delta = profile.timeDeltas[index] ?? 0;
    if (callFrame.functionName === "(idle)") return;
    busyUs += delta;
    if (callFrame.functionName !== "(program)" && callFrame.functionName !== "(garbage collector)") jsUs += delta;
    const where = `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").slice(-2).join("/")}:${callFrame.lineNumber + 1}`;
    self.set(where, (self.get(where) ?? 0) + delta);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  return { busyMs: busyUs / 1000, jsMs: jsUs / 1000, top };
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
  cdn = await startMockCdn({ port: PORTS.cdn, contentDir, tokens: { public: "p", preview: "d" }, latencyMs: 25 });
  cdn.setGeneratedEvents(Number(values.events));
  Object.assign(vars, { STORYBLOK_TOKEN: "p", STORYBLOK_PREVIEW_TOKEN: "d", STORYBLOK_API_BASE: cdn.url });
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
try {
  await waitForUrl(`${origin}/es/`, 120_000);
  const cdp = await inspector(PORTS.inspector);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const events = values.storyblok && values.events !== "0" ? ` with ${values.events} generated events` : "";
  console.log(
    `CPU per request (ms), ${values.storyblok ? "Storyblok behind warm KV" : "embedded content"}${events}, uncached`,
  );
  console.log("page\trequests\tCPU ms/request\tJS ms/request");
  const tops = [];
  // Every page warm first (a large catalogue's first read is a cold load), then a pause so that
  // background work (KV writes) has ended before anything is measured.
  for (const page of PAGES) {
    for (let i = 0; i < 20; i += 1) await (await fetch(origin + page.path, { headers })).arrayBuffer();
  }
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  for (const page of PAGES) {
    await cdp.send("Profiler.start");
    const result = await autocannon({
      url: origin + page.path,
      headers,
      duration: Number(values.duration),
      connections: Number(values.connections),
    });
    const stopped = await cdp.send("Profiler.stop");
    if (!stopped.result?.profile) throw new Error(`no profile: ${JSON.stringify(stopped).slice(0, 300)}`);
    const cpu = cpuOf(stopped.result.profile);
    const requests = Math.max(1, result.requests.total);
    console.log([page.name, requests, (cpu.busyMs / requests).toFixed(2), (cpu.jsMs / requests).toFixed(2)].join("\t"));
    tops.push([page.name, cpu.top.map(([where, us]) => `  ${(us / 1000 / requests).toFixed(3)} ms  ${where}`)]);
    if (process.env.PROFILE_VERBOSE) console.log(tops.at(-1)[1].join("\n"));
  }
  console.log("\nheaviest functions by self time (ms per request)");
  for (const [name, lines] of tops) console.log(`${name}\n${lines.join("\n")}`);
  cdp.close();
} finally {
  server.stop();
  await cdn?.close();
  if (contentDir) rmSync(contentDir, { recursive: true, force: true });
}
