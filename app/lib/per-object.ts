/**
 * `fn` remembered per argument object (a WeakMap, so nothing outlives its key). For values worked
 * out from something that does not change while it lives: the Worker's `env` (one object per
 * isolate), or a content story kept for its content version. Saves doing the same validation and
 * string building on every request.
 */
export function perObject<K extends object, V>(fn: (key: K) => V): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = fn(key);
    known.set(key, value);
    return value;
  };
}

/**
 * A memo by string key that forgets everything once it holds `limit` values: for values worked
 * out again and again from a few inputs (a page's links, an image at a size, a month's label).
 * A `compute` that throws is not remembered. Mark the call `@__PURE__` in code the browser loads
 * but only the server uses, so its build drops it.
 */
export function perKey<V>(limit: number): (key: string, compute: () => V) => V {
  const known = new Map<string, V>();
  return (key, compute) => {
    const remembered = known.get(key);
    if (remembered !== undefined) return remembered;
    const value = compute();
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}
