import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts what a request asks of storage and of the network, for the capacity model
 * (docs/capacity.md): KV, D1, Queues, R2 and rate limiter calls through counting wrappers of the
 * environment's bindings, the Cache API and outbound `fetch` through wrappers of the globals. Each
 * wrapper adds to the counter of the request it runs for, found in an AsyncLocalStorage (work left
 * to `waitUntil` included). A binding is wrapped once, so code that remembers a binding between
 * requests (the site version's one-second trust) sees the same object each time, as in
 * production. Only tests and the benchmark turn it on (worker/services/ops/bench-mode.ts).
 */

/** Operation names, as the capacity table's columns name them. */
export const OPERATIONS = [
  "kv.read",
  "kv.write",
  "kv.delete",
  "kv.list",
  "d1.read",
  "d1.write",
  "d1.batch",
  "queue.send",
  "r2.read",
  "r2.write",
  "ratelimit",
  "cache.match",
  "cache.put",
  "cache.delete",
  "fetch.storyblok",
  "fetch.google-keys",
  "fetch.firebase",
  "fetch.other",
] as const;
export type Operation = (typeof OPERATIONS)[number];
export type OpCounts = Partial<Record<Operation, number>>;

export class OpCounter {
  readonly counts: OpCounts = {};
  /** Writes per KV key: the platform takes about one write a second on any one key. */
  readonly kvWritesByKey = new Map<string, number>();

  add(op: Operation, n = 1): void {
    this.counts[op] = (this.counts[op] ?? 0) + n;
  }
}

const current = new AsyncLocalStorage<OpCounter>();

type AnyFunction = (...args: unknown[]) => unknown;

/** `target` with the named methods counted as `ops[name]` (called on the real binding). */
/** Adds to the counter of the request this runs for (none: not counted). */
function add(op: Operation, n = 1): void {
  current.getStore()?.add(op, n);
}

function countMethods<T extends object>(target: T, ops: Record<string, (args: unknown[]) => void>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      const count = typeof property === "string" ? ops[property] : undefined;
      return (...args: unknown[]) => {
        count?.(args);
        return (value as AnyFunction).apply(object, args);
      };
    },
  });
}

function countedKv(kv: KVNamespace): KVNamespace {
  const read = () => add("kv.read");
  return countMethods(kv, {
    get: read,
    getWithMetadata: read,
    put: ([key]) => {
      add("kv.write");
      const counter = current.getStore();
      counter?.kvWritesByKey.set(String(key), (counter.kvWritesByKey.get(String(key)) ?? 0) + 1);
    },
    delete: () => add("kv.delete"),
    list: () => add("kv.list"),
  });
}

const isRead = (sql: string) => /^\s*(select|with|pragma)\b/i.test(sql);

/** The real statement behind a counted one and its SQL, for `batch`. */
const realStatements = new WeakMap<object, { real: D1PreparedStatement; sql: string }>();

function countedStatement(real: D1PreparedStatement, sql: string): D1PreparedStatement {
  const query = () => add(isRead(sql) ? "d1.read" : "d1.write");
  const statement = countMethods(real, { first: query, all: query, run: query, raw: query });
  const wrapped = new Proxy(statement, {
    get(object, property, receiver) {
      if (property === "bind") return (...values: unknown[]) => countedStatement(real.bind(...values), sql);
      return Reflect.get(object, property, receiver);
    },
  });
  realStatements.set(wrapped, { real, sql });
  return wrapped;
}

function countedD1(db: D1Database): D1Database {
  return new Proxy(db, {
    get(object, property) {
      if (property === "prepare") return (sql: string) => countedStatement(object.prepare(sql), sql);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          // One round trip (and one transaction) for all its statements, each still a query.
          add("d1.batch");
          return object.batch(
            statements.map((statement) => {
              const known = realStatements.get(statement);
              if (known) add(isRead(known.sql) ? "d1.read" : "d1.write");
              return known?.real ?? statement;
            }),
          );
        };
      if (property === "exec")
        return (sql: string) => {
          add("d1.write");
          return object.exec(sql);
        };
      const value: unknown = Reflect.get(object, property);
      return typeof value === "function" ? (value as AnyFunction).bind(object) : value;
    },
  });
}

function countedBinding(name: string, value: object): object {
  if (name === "CACHE") return countedKv(value as KVNamespace);
  if (name === "DB") return countedD1(value as D1Database);
  if (name === "DOCUMENTS") {
    const read = () => add("r2.read");
    const write = () => add("r2.write");
    return countMethods(value, { get: read, head: read, put: write, delete: write, list: write });
  }
  if ("send" in value && "sendBatch" in value)
    return countMethods(value, {
      send: () => add("queue.send"),
      sendBatch: ([messages]) => add("queue.send", Array.isArray(messages) ? messages.length : 1),
    });
  if (name.endsWith("_RATE_LIMITER")) return countMethods(value, { limit: () => add("ratelimit") });
  return value;
}

/** Each binding's counting wrapper, made once. */
const wrappers = new WeakMap<object, object>();

/** The environment with every storage binding counted (into the counter `withOpCounter` runs with). */
export function countedEnv(env: Env): Env {
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => {
      if (typeof value !== "object" || value === null) return [name, value];
      let wrapped = wrappers.get(value);
      if (!wrapped) wrappers.set(value, (wrapped = countedBinding(name, value)));
      return [name, wrapped];
    }),
  ) as unknown as Env;
}

function fetchKind(input: RequestInfo | URL): Operation {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname.includes("storyblok") || url.pathname.startsWith("/v2/cdn/")) return "fetch.storyblok";
  if (url.pathname.includes("securetoken") || url.pathname.includes("service_accounts")) return "fetch.google-keys";
  if (url.hostname.includes("googleapis.com") || url.pathname.includes("identitytoolkit")) return "fetch.firebase";
  return "fetch.other";
}

const COUNTED = Symbol("counted");

/** Wraps the isolate's current `fetch` and `caches.default` (again, if a test replaced them). */
function countGlobals(): void {
  const original = globalThis.fetch as typeof fetch & { [COUNTED]?: true };
  if (!original[COUNTED]) {
    const counting = Object.assign(
      (input: RequestInfo | URL, init?: RequestInit) => {
        add(fetchKind(input));
        return original(input, init);
      },
      { [COUNTED]: true as const },
    );
    globalThis.fetch = counting as typeof fetch;
  }
  const cache = (caches as unknown as { default: Cache & { [COUNTED]?: true } }).default;
  if (!cache[COUNTED]) {
    for (const [method, op] of [
      ["match", "cache.match"],
      ["put", "cache.put"],
      ["delete", "cache.delete"],
    ] as const) {
      const real = cache[method].bind(cache) as AnyFunction;
      Object.defineProperty(cache, method, {
        configurable: true,
        value: (...args: unknown[]) => {
          add(op);
          return real(...args);
        },
      });
    }
    Object.defineProperty(cache, COUNTED, { value: true });
  }
}

/** Runs `fn` (a request, with its `waitUntil` work) with its outbound fetches and cache calls counted. */
export function withOpCounter<T>(counter: OpCounter, fn: () => T): T {
  countGlobals();
  return current.run(counter, fn);
}
