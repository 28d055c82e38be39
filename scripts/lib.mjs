// Shared helpers for the project's scripts: quiet, offline wrangler and child processes
// that are stopped together with their whole process group.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import path from "node:path";

const localBin = path.resolve(import.meta.dirname, "..", "node_modules", ".bin");

/** A tool installed in this project (node_modules/.bin), independent of PATH. */
export function bin(name) {
  return path.join(localBin, name);
}

/**
 * Children run quiet and offline, with the project's tools and the Node that runs this script first on
 * PATH, so a tool's `#!/usr/bin/env node` gets the same Node (the one `.nvmrc` names) as its parent.
 */
export const OFFLINE_ENV = {
  PATH: [localBin, path.dirname(process.execPath), process.env.PATH ?? ""].join(path.delimiter),
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  NO_UPDATE_NOTIFIER: "1",
};

/** Runs a command to completion, inheriting stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const { env, ...rest } = options;
    const child = spawn(command, args, { stdio: "inherit", ...rest, env: { ...process.env, ...OFFLINE_ENV, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Starts a long-running server in its own process group; `stop()` ends the whole group. */
export function startServer(command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: options.stdio ?? "inherit",
    detached: true,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...OFFLINE_ENV, ...options.env },
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // The group has already exited.
    }
  };
  return { child, stop };
}

/** Waits until `url` answers (any status) or the timeout passes. */
export async function waitForUrl(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Builds the site, serves it on `port` with a fresh local state, runs `fn(origin)`, then stops
 * the server whatever happens. Measurements need today's code, so an earlier build is reused
 * only when the command line says `--use-existing-build` (as `npm test` does right after its build).
 */
export async function withBuiltServer(port, fn) {
  const { existsSync } = await import("node:fs");
  const reuse = process.argv.includes("--use-existing-build") && existsSync("build/server/index.js");
  if (!reuse && (await run(bin("react-router"), ["build"], { stdio: "ignore" })) !== 0) {
    throw new Error("build failed");
  }
  const server = startServer(
    process.execPath,
    ["scripts/serve.mjs", "--port", String(port), "--state", `.wrangler/state-${port}`, "--fresh"],
    {
      stdio: "ignore",
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${origin}/es/`, 90_000);
    return await fn(origin);
  } finally {
    server.stop();
  }
}

/** A desktop Chrome user agent: React Router streams to browsers but waits for everything for bots. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/**
 * Two seconds of load on `url` before anything is measured on it: a Worker's engine optimises the
 * render code over its first few thousand requests, and that compiling would otherwise be counted
 * against whichever page is measured first (scripts/bench-pairs.mjs, `warmThenRounds`).
 */
export async function warmUp(url, { connections = 10 } = {}) {
  await autocannon({ url, headers: { "User-Agent": BROWSER_UA }, duration: 2, connections });
}

/** Debian's Chromium, kept off the network (this machine has none). */
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** The bare starter (tests/bench/starter): the baseline the site's figures are divided by. */
export const STARTER_DIR = path.resolve(import.meta.dirname, "..", "tests", "bench", "starter");

/** Runs wrangler in the starter's directory; resolves with its exit code. */
function starterWrangler(args) {
  return run(bin("wrangler"), args, { cwd: STARTER_DIR, env: { CI: "true" }, stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * Builds the bare starter, seeds its KV key and D1 row, serves it with `wrangler dev` on `port`
 * (the same way the site is served), runs `fn(origin, server)`, then stops it.
 */
export async function withStarter(port, fn) {
  const { rmSync } = await import("node:fs");
  if ((await run(bin("react-router"), ["build"], { cwd: STARTER_DIR, stdio: "ignore" })) !== 0) {
    throw new Error("starter build failed");
  }
  const state = path.join(STARTER_DIR, ".wrangler", `state-${port}`);
  rmSync(state, { recursive: true, force: true });
  const persist = ["--local", "--persist-to", state];
  const sql = "CREATE TABLE pages (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO pages VALUES (1, 'Starter');";
  if ((await starterWrangler(["d1", "execute", "DB", ...persist, "--command", sql])) !== 0)
    throw new Error("seed failed");
  if ((await starterWrangler(["kv", "key", "put", "greeting", "Hello", "--binding", "KV", ...persist])) !== 0) {
    throw new Error("seed failed");
  }
  const server = startServer(
    bin("wrangler"),
    ["dev", "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--persist-to", state],
    { stdio: "ignore", cwd: STARTER_DIR },
  );
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${origin}/`, 90_000);
    return await fn(origin, server);
  } finally {
    server.stop();
  }
}

/** The pids of a process's descendants (Linux /proc). */
function descendants(rootPid) {
  const { readdirSync, readFileSync } = fs;
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * The workerd process that runs the Worker of a `wrangler dev` server (not wrangler's proxy
 * workerd in front of it, which owns the public port), or null.
 */
export function workerProcess(server) {
  const { readFileSync } = fs;
  for (const pid of descendants(server.child.pid)) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (args[0]?.endsWith("/workerd") && args.some((arg) => arg.startsWith("--inspector-addr"))) return pid;
    } catch {
      // The process ended while the table was read.
    }
  }
  return null;
}

/**
 * CPU time (user + system, ms) a process has used so far. Unlike a sampling profile's wall time
 * it does not grow when a busy machine takes the core away, so it holds up under shared load.
 */
export function processCpuMs(pid) {
  const { readFileSync } = fs;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
