// `npm run memory`: what a page's request leaves behind in the Worker's isolate. An isolate
// serves many thousands of requests; anything a request leaves attached to what lives as long as
// the isolate (a reaction on a module's promise that never settles, a closure in a module's map)
// grows its heap until the runtime resets it, and makes every garbage collection dearer on the
// way. The built Worker is called in this Node process (the same V8 as workerd), each page many
// times, and the heap's objects, closures and promise reactions are counted before and after
// (heap snapshots; bytes would not do: bounded caches of strings and bytes fill and clear in a
// sawtooth longer than the run). Fails when a page leaves more than the budget per request.
//   npm run memory [-- --requests 1000 --use-existing-build]
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { builtWorker, siteEnv } from "./in-process-worker.mjs";
import { bin, run } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "1000" },
    "use-existing-build": { type: "boolean", default: false },
  },
});

/**
 * Objects a request may leave behind, on average: a leak leaves at least one a request (a
 * forgotten reaction brings its promise and its handler's closure and context), while what the
 * first requests of a page fill once (compiled code's feedback, a catalogue) stays far below.
 */
const BUDGET_PER_REQUEST = 0.1;
const ORIGIN = "http://127.0.0.1:8787";

/** Every kind of page as it is asked for: read, filtered, missed, fetched by the app, posted wrong; the API. */
const PAGES = [
  { name: "home", path: "/es/" },
  { name: "content page", path: "/en/about/" },
  { name: "event list", path: "/en/events/" },
  { name: "event list, filtered", path: "/val/events/?q=marea&page=2" },
  { name: "event page", path: "/en/event/marea-alta-gira-mediterrania/" },
  { name: "restaurants", path: "/val/restaurants/" },
  { name: "contact", path: "/es/contact/" },
  { name: "sign-in", path: "/es/login/" },
  { name: "registration", path: "/en/register/" },
  { name: "password reset", path: "/es/password-reset/" },
  { name: "not found", path: "/es/no-such-page/" },
  { name: "client navigation's data", path: "/en/events/_.data" },
  { name: "API, signed out", path: "/api/me" },
  {
    name: "contact form sent with errors",
    path: "/es/contact/?form=contact",
    init: {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=&email=not-an-email&message=",
    },
  },
];

if (!values["use-existing-build"] && (await run(bin("react-router"), ["build"], { stdio: "ignore" })) !== 0) {
  throw new Error("build failed");
}

v8.setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc");
/**
 * What a request left behind is made of: objects (promises, closures' contexts), closures and
 * promise reactions. Not the bytes of bounded caches, nor the code and feedback V8 makes as it
 * compiles.
 */
const counted = (type, name) =>
  (type === "object" && name !== "Uint8Array" && name !== "ArrayBuffer") ||
  type === "closure" ||
  (type === "hidden" && name === "system / PromiseReaction");
const snapshots = mkdtempSync(path.join(tmpdir(), "arena-memory-"));

/**
 * How long a request's timers may outlive it here: the render's abort timer (app/entry.server.tsx,
 * `streamTimeout` + 1 s). workerd cancels a request's timers when it ends; Node keeps them until
 * they fire.
 */
const TIMERS_MS = 6_500;

/**
 * The counted objects in the heap after full collections, once the requests' timers have run and
 * the finalizers of what the first collection freed (Node's `Request` follows another's signal
 * through weak references) have let go of theirs.
 */
async function heapObjects() {
  await new Promise((resolve) => setTimeout(resolve, TIMERS_MS));
  for (let pass = 0; pass < 3; pass += 1) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const snapshot = JSON.parse(readFileSync(v8.writeHeapSnapshot(path.join(snapshots, "heap.heapsnapshot")), "utf8"));
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt] = [fields.indexOf("type"), fields.indexOf("name")];
  let count = 0;
  for (let node = 0; node < snapshot.nodes.length; node += fields.length) {
    if (counted(types[snapshot.nodes[node + typeAt]], snapshot.strings[snapshot.nodes[node + nameAt]])) count += 1;
  }
  return count;
}

const fetchPage = await builtWorker("build", siteEnv("build"));
const requests = Number(values.requests);
let failed = 0;
console.log(`heap objects a request leaves behind, over ${requests} requests a page (budget ${BUDGET_PER_REQUEST})`);
console.log("page\tstatus\tobjects/request");
// Every page many times first: what a page's first requests fill once (a catalogue, compiled code).
for (let i = 0; i < 50; i += 1) for (const page of PAGES) await fetchPage(page.path, page.init);
try {
  // Each page's count after is the next one's before.
  let before = await heapObjects();
  for (const page of PAGES) {
    let status = 0;
    for (let i = 0; i < requests; i += 1) ({ status } = await fetchPage(page.path, page.init));
    const after = await heapObjects();
    const perRequest = (after - before) / requests;
    before = after;
    const over = perRequest > BUDGET_PER_REQUEST;
    if (over) failed += 1;
    console.log(`${page.name} (${page.path})\t${status}\t${perRequest.toFixed(2)}${over ? "\t✗ over budget" : ""}`);
  }
} finally {
  rmSync(snapshots, { recursive: true, force: true });
}
process.exit(failed > 0 ? 1 : 0);
