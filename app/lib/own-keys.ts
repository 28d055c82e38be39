/**
 * Lookups by keys that come from outside (request bodies, form field names, validation issue
 * paths, error codes). A plain object literal answers `"toString" in record` and
 * `record["constructor"]` with members inherited from Object.prototype, and assigning to
 * `record["__proto__"]` replaces its prototype; these helpers see own properties only.
 */

/** Whether `key` is one of `record`'s own keys (never an inherited member such as `constructor`). */
export function hasOwnKey<K extends PropertyKey>(record: Readonly<Record<K, unknown>>, key: unknown): key is K {
  return (typeof key === "string" || typeof key === "number") && Object.hasOwn(record, key);
}

/** `record[key]` when `key` is an own property, else undefined. */
export function ownValue<T>(record: Readonly<Partial<Record<string, T>>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** An empty dictionary without a prototype: any string, `__proto__` included, is an ordinary key. */
export function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
