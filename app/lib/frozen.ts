/**
 * Loader data that is the same on every request of a content version (the blocks of a page, a
 * language's messages, the header and footer) travels to the browser as one JSON string.
 *
 * Why: React Router serialises loader data with turbo-stream, which walks every object, key and
 * value of it on every request (its `stringify` was the server's heaviest function: ~0.5 ms of
 * a ~5 ms page, docs/performance.md "Loader data: frozen"). A frozen value is written out once
 * per isolate and then costs turbo-stream a single string; the browser parses it once with
 * `JSON.parse`, which is also faster than decoding the same tree node by node.
 *
 * `freeze` (server) and `thaw` (both sides) keep the pair: on the server `thaw` hands back the
 * very object that was frozen, so rendering never parses; in the browser each string is parsed
 * once and the same object is returned after, so memoised hooks see a stable value.
 *
 * `freezeNow` is for data built for one request (an event's view, the next events): written
 * with the engine's own `JSON.stringify`, still far cheaper than turbo-stream's walk, and kept
 * only for a while, just long enough for the page that needs it to render.
 */
import { perObject } from "./per-object";

declare const FROZEN: unique symbol;

/** A JSON string standing for a `T` (made by `freeze`, read with `thaw`). */
export type Frozen<T> = string & { readonly [FROZEN]: T };

/** Frozen strings and their values. Content versions are few at a time; a safety bound all the same. */
const values = new Map<string, unknown>();
const MAX_VALUES = 1000;
/** Values frozen for one request: enough for the requests an isolate serves at once. */
const recent = new Map<string, unknown>();
const MAX_RECENT = 256;

function remember(map: Map<string, unknown>, max: number, json: string, value: unknown): void {
  if (map.size >= max) {
    // The oldest entry goes (a Map iterates in insertion order); it is parsed again if needed.
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(json, value);
}

/** The JSON of a shared value, written once per object (app/lib/per-object.ts). */
// Pure: the browser never freezes, so its build drops this.
const jsonOnce = /* @__PURE__ */ perObject((value: object): string => {
  if (import.meta.env.DEV) assertJsonSafe(value);
  const json = JSON.stringify(value);
  remember(values, MAX_VALUES, json, value);
  return json;
});

/**
 * `value` as a frozen string, written once per object: only for objects that are never changed
 * after (per content version or per isolate), as the string would not follow a change.
 */
export function freeze<T extends object>(value: T): Frozen<T> {
  return jsonOnce(value) as Frozen<T>;
}

/**
 * Throws where JSON would change `value` on the way (a Date, Map, Set, Promise or class
 * instance, a non-finite number, a hole in an array): the browser would render something else
 * than the server did. Checked in development and tests only.
 */
export function assertJsonSafe(value: unknown, path = "value"): void {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}: JSON would turn it into null`);
    return;
  }
  if (typeof value !== "object") throw new TypeError(`${path} is a ${typeof value}: JSON cannot carry it`);
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (item === undefined) throw new TypeError(`${path}[${i}] is undefined: JSON would turn it into null`);
      assertJsonSafe(item, `${path}[${i}]`);
    });
    return;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    throw new TypeError(`${path} is not a plain object: JSON would not carry it as it is`);
  }
  for (const [key, field] of Object.entries(value)) if (field !== undefined) assertJsonSafe(field, `${path}.${key}`);
}

/** `value`, built for this request, as a frozen string. */
export function freezeNow<T>(value: T): Frozen<T> {
  if (import.meta.env.DEV) assertJsonSafe(value);
  const json = JSON.stringify(value);
  remember(recent, MAX_RECENT, json, value);
  return json as Frozen<T>;
}

/**
 * `value` as a frozen string that no memo keeps: for data that must not outlive its answer (the
 * draft an editor is typing, app/routes/preview/input.ts).
 */
export function freezeUnkept<T>(value: T): Frozen<T> {
  if (import.meta.env.DEV) assertJsonSafe(value);
  return JSON.stringify(value) as Frozen<T>;
}

/** The value a frozen string stands for: the frozen object itself where it was made, else parsed once. */
export function thaw<T>(frozen: Frozen<T>): T {
  if (values.has(frozen)) return values.get(frozen) as T;
  // Only the server freezes for one request (the browser ships no code for it).
  if (import.meta.env.SSR && recent.has(frozen)) return recent.get(frozen) as T;
  const value = JSON.parse(frozen) as T;
  remember(values, MAX_VALUES, frozen, value);
  return value;
}
