// The main thread's long tasks in a Chromium trace (Lighthouse's own, `lighthouse --save-assets`),
// from just before the first contentful paint on, each with what took its time. Lighthouse
// multiplies every task by 4 (its simulated mid-range phone) and counts what goes over 50 ms as
// blocking time, so a task over 12.5 ms here is blocking there. Used by `npm run lighthouse --
// --tasks` (docs/performance.md, "Lighthouse's own trace": read this trace, not one recorded
// through Playwright, whose DevTools session changes what V8 does).

/** Task wrappers: they contain the work, they are not the work. */
const WRAPPERS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/**
 * @param {{ name: string, ph?: string, ts: number, dur?: number, pid: number, tid: number, args?: any }[]} events
 * @param {{ minMs?: number, before?: number, parts?: number }} [options]
 *   minMs: the shortest task listed (default 10); before: how long before the first contentful
 *   paint to start, in ms (default 20); parts: how many of a task's parts to name (default 4).
 * @returns {{ atMs: number, ms: number, parts: [string, number][] }[]} atMs is relative to the
 *   first contentful paint.
 */
export function longTasksAroundPaint(events, { minMs = 10, before = 20, parts = 4 } = {}) {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return [];
  // The renderer's main thread: the one that parsed the painted document.
  const main = events.find((event) => event.pid === paint.pid && event.name === "ParseHTML");
  if (!main) return [];
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.dur);
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
      return {
        atMs: Math.round((task.ts - paint.ts) / 1000),
        ms: Math.round(task.dur / 100) / 10,
        parts: [...totals].sort((a, b) => b[1] - a[1]).slice(0, parts),
      };
    });
}
