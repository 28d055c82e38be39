import { describe, expect, it } from "vitest";
import { longTasksAroundPaint, type TraceEvent } from "#scripts/trace-tasks.mjs";

/** A trace event on a thread, times in ms (traces count in microseconds). */
const at = (name: string, startMs: number, ms: number, tid = 1, url?: string): TraceEvent => ({
  name,
  ph: "X",
  ts: startMs * 1000,
  dur: ms * 1000,
  pid: 7,
  tid,
  ...(url ? { args: { data: { url } } } : {}),
});

const paint: TraceEvent = { name: "firstContentfulPaint", ph: "I", ts: 500_000, pid: 7, tid: 1 };

describe("npm run lighthouse -- --tasks: long tasks in Lighthouse's own trace", () => {
  it("lists the main thread's long tasks from just before the first paint, with what took their time", () => {
    const events = [
      at("ParseHTML", 10, 2),
      paint,
      at("RunTask", 100, 40), // long, but over long before the paint
      { ...at("RunTask", 490, 30), tdur: 12_000 }, // straddles the paint; its thread ran 12 ms of it
      at("Layout", 492, 20),
      at("Paint", 513, 6),
      at("RunTask", 600, 5), // short
      at("RunTask", 700, 24),
      at("RunTask", 700, 23.5), // the same task recorded again, inside: the outer one is kept
      at("ThreadControllerImpl::RunTask", 700, 24), // the same task's wrapper
      at("FunctionCall", 701, 22, 1, "http://127.0.0.1/assets/framework-abc.js"),
      at("RunTask", 800, 50, 2), // another thread
      paint,
    ];
    expect(longTasksAroundPaint(events)).toEqual([
      {
        atMs: -10,
        ms: 30,
        cpuMs: 12,
        parts: [
          ["Layout", 20],
          ["Paint", 6],
        ],
        functions: [],
      },
      { atMs: 200, ms: 24, cpuMs: 24, parts: [["FunctionCall framework-abc.js", 22]], functions: [] },
    ]);
  });

  it("names the JavaScript functions V8's sampler caught in each task, by samples of their own time", () => {
    const frame = (functionName: string, url = "", lineNumber = -1, columnNumber = -1) => ({
      functionName,
      url,
      lineNumber,
      columnNumber,
    });
    const chunk = (pid: number, id: string, data: unknown): TraceEvent => ({
      name: "ProfileChunk",
      ph: "P",
      ts: 0,
      pid,
      tid: 1,
      id,
      args: { data },
    });
    const events: TraceEvent[] = [
      at("ParseHTML", 10, 2),
      paint,
      at("RunTask", 510, 20),
      { name: "Profile", ph: "P", ts: 0, pid: 7, tid: 1, id: "0x1", args: { data: { startTime: 505_000 } } },
      // Another process's profile with the same id: none of its samples count.
      { name: "Profile", ph: "P", ts: 0, pid: 9, tid: 1, id: "0x1", args: { data: { startTime: 505_000 } } },
      chunk(9, "0x1", {
        cpuProfile: {
          nodes: [{ id: 1, callFrame: frame("elsewhere", "http://x/a.js", 0, 0) }],
          samples: [1, 1, 1, 1, 1, 1, 1],
        },
        timeDeltas: [6000, 1000, 1000, 1000, 1000, 1000, 1000],
      }),
      // The node tree and the samples arrive in parts; times are deltas from the sample before.
      chunk(7, "0x1", {
        cpuProfile: {
          nodes: [
            { id: 1, callFrame: frame("(root)") },
            { id: 2, callFrame: frame("(program)") },
            { id: 3, callFrame: frame("", "http://127.0.0.1:8811/en/", 11, 559) },
          ],
          samples: [2, 3, 3],
        },
        timeDeltas: [1000, 5000, 1000], // 506 (before the task), 511, 512
      }),
      chunk(7, "0x1", {
        cpuProfile: {
          nodes: [{ id: 4, callFrame: frame("hydrate", "http://127.0.0.1:8811/assets/framework-abc.js", 0, 99) }],
          samples: [4, 3, 2, 4],
        },
        timeDeltas: [1000, 1000, 1000, 30_000], // 513, 514, 515 (program), 545 (after the task)
      }),
    ];
    expect(longTasksAroundPaint(events)[0]?.functions).toEqual([
      ["(anonymous) inline:12:560", 3],
      ["hydrate framework-abc.js:1:100", 1],
    ]);
  });

  it("finds nothing in a trace without a first paint", () => {
    expect(longTasksAroundPaint([at("ParseHTML", 10, 2), at("RunTask", 100, 40)])).toEqual([]);
  });
});
