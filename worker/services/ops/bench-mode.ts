import { countedEnv, OpCounter, withOpCounter, type OpCounts } from "./op-counter";

/**
 * The benchmark's view of what a running Worker asked of storage (`npm run bench -- --rush`):
 * with `OPS_COUNT = "on"` (never honoured in production) every request and queue batch runs with
 * its bindings counted, summed by the label the benchmark sends in `X-Ops-Label` (queue batches
 * by queue), and `GET /__ops` answers the sums; `DELETE /__ops` starts again.
 */

const LABEL_HEADER = "X-Ops-Label";

interface Tally {
  /** Requests (or queue batches) so labelled. */
  requests: number;
  /** Queue messages, for queue batches. */
  messages: number;
  /** One counter per request, summed when read: work left to `waitUntil` still adds to its own. */
  counters: OpCounter[];
}

const tallies = new Map<string, Tally>();
let pending = 0;

export function opsCountingOn(env: Env): boolean {
  return env.OPS_COUNT === "on" && env.APP_ENV !== "production";
}

function tallyOf(label: string): Tally {
  let tally = tallies.get(label);
  if (!tally) tallies.set(label, (tally = { requests: 0, messages: 0, counters: [] }));
  return tally;
}

function summed(tally: Tally): { requests: number; messages: number; counts: OpCounts } {
  const counts: OpCounts = {};
  for (const counter of tally.counters)
    for (const [op, n] of Object.entries(counter.counts) as [keyof OpCounts, number][])
      counts[op] = (counts[op] ?? 0) + n;
  return { requests: tally.requests, messages: tally.messages, counts };
}

function report(request: Request): Response {
  if (request.method === "DELETE") tallies.clear();
  const labels = Object.fromEntries([...tallies].map(([label, tally]) => [label, summed(tally)]));
  return Response.json({ pending, labels }, { headers: { "Cache-Control": "no-store" } });
}

/** `ctx` with its `waitUntil` work tracked, so the report can say when all of it is done. */
function trackedContext(ctx: ExecutionContext): ExecutionContext {
  return {
    waitUntil(promise: Promise<unknown>) {
      pending += 1;
      ctx.waitUntil(promise.finally(() => (pending -= 1)));
    },
    passThroughOnException: () => ctx.passThroughOnException(),
    props: ctx.props,
  } as ExecutionContext;
}

/** Serves one request with its operations counted under its label (or answers `/__ops`). */
export function countedRequest(
  fetchHandler: (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>,
  request: Request,
  env: Env,
  ctx: ExecutionContext,
): Response | Promise<Response> {
  if (new URL(request.url).pathname === "/__ops") return report(request);
  const tally = tallyOf(request.headers.get(LABEL_HEADER) ?? "unlabelled");
  const counter = new OpCounter();
  tally.requests += 1;
  tally.counters.push(counter);
  return withOpCounter(counter, () => fetchHandler(request, countedEnv(env), trackedContext(ctx)));
}

/** Runs one queue batch with its operations counted under `queue:<name>`. */
export function countedBatch(
  handler: (batch: MessageBatch<unknown>, env: Env) => Promise<void>,
  batch: MessageBatch<unknown>,
  env: Env,
): Promise<void> {
  const tally = tallyOf(`queue:${batch.queue}`);
  const counter = new OpCounter();
  tally.requests += 1;
  tally.messages += batch.messages.length;
  tally.counters.push(counter);
  pending += 1;
  return withOpCounter(counter, () => handler(batch, countedEnv(env))).finally(() => (pending -= 1));
}
