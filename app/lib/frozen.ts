/**
 * Loader data that is the same on every request of a content version (the blocks of a page, a
 * language's messages, the header and footer) travels to the browser as one JSON string.
 *
 * Why: React Router serialises loader data with turbo-stream, which walks every object, key and
 * value of it on every request (its `stringify` was the server's heaviest function: ~0.5 ms of a
 * ~5 ms page, docs/performance.md "Loader data"). A frozen value is written out once per isolate
 * and then costs turbo-stream a single string; the browser parses it once with `JSON.parse`,
 * which is also faster than decoding the same tree node by node.
 *
 * `freeze` (server) and `thaw` (both sides) keep the pair: on the server `thaw` hands back the
 * very object that was frozen, so rendering never parses; in the browser each string is parsed
 * once and the same object is returned after, so memoised hooks see a stable value.
 */
declare const FROZEN: unique symbol;

/** A JSON string standing for a `T` (made by `freeze`, read with `thaw`). */
export type Frozen<T> = string & { readonly [FROZEN]: T };

/** Frozen strings and their values. Content versions are few at a time; a safety bound all the same. */
const values = new Map<string, unknown>();
const MAX_VALUES = 1000;
const strings = new WeakMap<object, string>();

function remember(json: string, value: unknown): void {
  if (values.size >= MAX_VALUES) {
    // The oldest entry goes (a Map iterates in insertion order); it is parsed again if needed.
    const oldest = values.keys().next();
    if (!oldest.done) values.delete(oldest.value);
  }
  values.set(json, value);
}

/**
 * `value` as a frozen string, written once per object: only for objects that are never changed
 * after (per content version or per isolate), as the string would not follow a change.
 */
export function freeze<T extends object>(value: T): Frozen<T> {
  let json = strings.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    strings.set(value, json);
    remember(json, value);
  }
  return json as Frozen<T>;
}

/** The value a frozen string stands for: the frozen object itself where it was made, else parsed once. */
export function thaw<T>(frozen: Frozen<T>): T {
  if (values.has(frozen)) return values.get(frozen) as T;
  const value = JSON.parse(frozen) as T;
  remember(frozen, value);
  return value;
}
