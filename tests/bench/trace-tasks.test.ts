import { describe, expect, it } from "vitest";
import { longTasksAroundPaint, type TraceEvent } from "../../scripts/trace-tasks.mjs";

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
      at("RunTask", 490, 30), // straddles the paint
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
        parts: [
          ["Layout", 20],
          ["Paint", 6],
        ],
      },
      { atMs: 200, ms: 24, parts: [["FunctionCall framework-abc.js", 22]] },
    ]);
  });

  it("finds nothing in a trace without a first paint", () => {
    expect(longTasksAroundPaint([at("ParseHTML", 10, 2), at("RunTask", 100, 40)])).toEqual([]);
  });
});
