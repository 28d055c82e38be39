// The main thread's long tasks in a Chromium trace (Lighthouse's own, `lighthouse --save-assets`),
// from just before the first contentful paint on, each with what took its time. Lighthouse
// multiplies every task by 4 (its simulated mid-range phone) and counts what goes over 50 ms as
// blocking time, so a task over 12.5 ms here is blocking there. Used by `npm run lighthouse --
// --tasks`. Read this trace, not one recorded through Playwright, whose
// DevTools session changes what V8 does.

/** Task wrappers: they contain the work, they are not the work. */
const WRAPPERS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/**
 * @param {{ name: string, ph?: string, ts: number, dur?: number, tdur?: number, pid: number, tid: number, id?: string, args?: any }[]} events
 * @param {{ minMs?: number, before?: number, parts?: number }} [options]
 *   minMs: the shortest task listed (default 10); before: how long before the first contentful
 *   paint to start, in ms (default 20); parts: how many of a task's parts (and functions) to name
 *   (default 4).
 * @returns {{ atMs: number, ms: number, cpuMs: number, parts: [string, number][], functions: [string, number][] }[]}
 *   atMs is relative to the first contentful paint. `ms` is the task's wall time, which is what
 *   Lighthouse multiplies; `cpuMs` the main thread's own CPU time in it (the trace's `tdur`): on a
 *   busy machine a task can take far longer than the work in it, while the thread waits for a
 *   core. `functions` are the JavaScript functions V8's sampler found running in the task, by
 *   samples of their own time: only in a trace recorded with `disabled-by-default-v8.cpu_profiler`
 *   (`--samples`), else empty.
 */
export function longTasksAroundPaint(events, { minMs = 10, before = 20, parts = 4 } = {}) {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return [];
  // The renderer's main thread: the one that parsed the painted document.
  const main = events.find((event) => event.pid === paint.pid && event.name === "ParseHTML");
  if (!main) return [];
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.dur);
  const samples = jsSamples(events, main);
  const long = onMain.filter(
    (task) => task.name === "RunTask" && task.dur >= minMs * 1000 && task.ts + task.dur >= paint.ts - before * 1000,
  );
  // A task can be recorded twice (an outer and an inner `RunTask` starting together): keep the outer.
  const byStart = new Map();
  for (const task of long) if (!(byStart.get(task.ts)?.dur >= task.dur)) byStart.set(task.ts, task);
  return [...byStart.values()]
    .sort((a, b) => a.ts - b.ts)
    .map((task) => {
      // Every event inside the task, totalled by name. Nested events count in each of their
      // names (a `FunctionCall` inside `RunMicrotasks`), so the parts can add up to more than the task.
      const totals = new Map();
      for (const event of onMain) {
        if (event === task || WRAPPERS.has(event.name)) continue;
        if (event.ts < task.ts || event.ts + event.dur > task.ts + task.dur) continue;
        const url = event.args?.data?.url;
        const name = url ? `${event.name} ${String(url).replace(/.*\//, "")}` : event.name;
        totals.set(name, (totals.get(name) ?? 0) + event.dur / 1000);
      }
      const functions = new Map();
      for (const sample of samples) {
        if (sample.ts < task.ts || sample.ts > task.ts + task.dur) continue;
        functions.set(sample.name, (functions.get(sample.name) ?? 0) + 1);
      }
      return {
        atMs: Math.round((task.ts - paint.ts) / 1000),
        ms: Math.round(task.dur / 100) / 10,
        cpuMs: Math.round((task.tdur ?? task.dur) / 100) / 10,
        parts: [...totals].sort((a, b) => b[1] - a[1]).slice(0, parts),
        functions: [...functions].sort((a, b) => b[1] - a[1]).slice(0, parts),
      };
    });
}

/** What V8's sampler calls time that is not a JavaScript function's own. */
const NOT_JAVASCRIPT = new Set(["(program)", "(idle)", "(root)"]);

/**
 * V8's samples on the main thread (`Profile` and `ProfileChunk` events), each named by the function
 * it caught running: `name file:line:column`, 1-based, `inline` for a script in the page itself.
 * A profile's id is unique only within its process; its chunks give the node tree in parts and
 * each sample's time as a delta from the one before.
 */
function jsSamples(events, main) {
  const profiles = new Map();
  for (const event of events) {
    if (event.name === "Profile" && event.pid === main.pid && event.tid === main.tid) {
      profiles.set(event.id, { ts: event.args.data.startTime, nodes: new Map() });
    }
  }
  const samples = [];
  for (const event of events) {
    const profile = event.name === "ProfileChunk" && event.pid === main.pid ? profiles.get(event.id) : undefined;
    if (!profile) continue;
    const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile.nodes ?? []) profile.nodes.set(node.id, node.callFrame);
    (cpuProfile.samples ?? []).forEach((id, index) => {
      profile.ts += timeDeltas[index] ?? 0;
      const frame = profile.nodes.get(id);
      if (frame && !NOT_JAVASCRIPT.has(frame.functionName))
        samples.push({ ts: profile.ts, name: functionLabel(frame) });
    });
  }
  return samples;
}

function functionLabel({ functionName, url, lineNumber, columnNumber }) {
  if (!url) return functionName;
  const file = /^https?:/.test(url) && !/\.m?js(\?|$)/.test(url) ? "inline" : url.replace(/.*\//, "");
  return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
}
