import * as v from "valibot";
import { vi } from "vitest";

/**
 * Replays recorded Storyblok CDN API v2 exchanges (`recorded/*.json`) for `fetch`. A request
 * matches a recording when its path and every query parameter except `cv` are equal. Any other
 * outbound request is refused and listed in `unhandled`, which tests assert is empty.
 */
const RecordingSchema = v.object({
  request: v.pipe(v.string(), v.startsWith("GET ")),
  status: v.number(),
  headers: v.record(v.string(), v.string()),
  body: v.unknown(),
});
export type Recording = v.InferOutput<typeof RecordingSchema>;

const files = import.meta.glob<unknown>("./recorded/*.json", { eager: true, import: "default" });
export const recordings: Record<string, Recording> = Object.fromEntries(
  Object.entries(files).map(([path, json]) => [
    path.replace(/^.*\/recorded\//, "").replace(/\.json$/, ""),
    v.parse(RecordingSchema, json),
  ]),
);

function queryOf(url: URL): Map<string, string> {
  return new Map([...url.searchParams].filter(([key]) => key !== "cv"));
}

function matches(recorded: URL, actual: URL): boolean {
  if (recorded.origin + recorded.pathname !== actual.origin + actual.pathname) return false;
  const [a, b] = [queryOf(recorded), queryOf(actual)];
  return a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);
}

/** A response for a request, or null to fall through to the recordings. */
export type Override = (url: URL, init: RequestInit | undefined) => Promise<Response> | Response | null;

export interface Replay {
  /** Every outbound request, in order. */
  calls: URL[];
  unhandled: string[];
  /** Answers matching requests differently from now on (a changed story, an outage…). */
  override(handler: Override): void;
}

/** The recording's body as the CDN sent it. */
export function respond(recording: Recording, body: unknown = recording.body): Response {
  return new Response(JSON.stringify(body), { status: recording.status, headers: recording.headers });
}

/** A request that never answers; it fails only when the caller's timeout aborts it. */
export function hang(init: RequestInit | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted", "AbortError")));
  });
}

export function replayStoryblok(): Replay {
  const calls: URL[] = [];
  const unhandled: string[] = [];
  const overrides: Override[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url);
    for (const handler of overrides) {
      const answer = await handler(url, init);
      if (answer) return answer;
    }
    const recording = Object.values(recordings).find((r) => matches(new URL(r.request.slice(4)), url));
    if (recording) return respond(recording);
    unhandled.push(url.href);
    throw new Error(`Unhandled outbound request: ${url.href}`);
  });
  return { calls, unhandled, override: (handler) => overrides.unshift(handler) };
}

/** The environment of a Worker that reads Storyblok (with the tokens the recordings carry). */
export function storyblokEnv(env: Env, extra: Record<string, string> = {}): Env {
  const secrets: Record<string, string> = {
    STORYBLOK_TOKEN: "test-public-token",
    STORYBLOK_PREVIEW_TOKEN: "test-preview-token",
    STORYBLOK_WEBHOOK_SECRET: "test-webhook-secret",
    STORYBLOK_SPACE_ID: "287416",
    ...extra,
  };
  return Object.assign({}, env, secrets);
}
