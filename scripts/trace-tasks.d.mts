/** Types of scripts/trace-tasks.mjs for its test. */
export interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: unknown };
}
export interface LongTask {
  atMs: number;
  ms: number;
  cpuMs: number;
  parts: [string, number][];
  functions: [string, number][];
}
export declare function longTasksAroundPaint(
  events: TraceEvent[],
  options?: { minMs?: number; before?: number; parts?: number },
): LongTask[];
