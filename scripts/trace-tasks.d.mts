/** Types of scripts/trace-tasks.mjs for its test. */
export interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}
export interface LongTask {
  atMs: number;
  ms: number;
  parts: [string, number][];
}
export declare function longTasksAroundPaint(
  events: TraceEvent[],
  options?: { minMs?: number; before?: number; parts?: number },
): LongTask[];
