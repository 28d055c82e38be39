// Shared helpers for the project's scripts: quiet, offline wrangler and child processes
// that are stopped together with their whole process group.
import { spawn } from "node:child_process";

export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  NO_UPDATE_NOTIFIER: "1",
};

/** Runs a command to completion, inheriting stdio; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      env: { ...process.env, ...OFFLINE_ENV, ...options.env },
      ...options,
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Starts a long-running server in its own process group; `stop()` ends the whole group. */
export function startServer(command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: options.stdio ?? "inherit",
    detached: true,
    env: { ...process.env, ...OFFLINE_ENV, ...options.env },
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
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
