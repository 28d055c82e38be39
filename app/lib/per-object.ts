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
