import { rmSync } from "node:fs";

/** Where the shared e2e Worker on `port` keeps its local D1, KV and R2 (playwright.config.ts). */
export const e2eState = (port: number | string) => `.wrangler/e2e-state-${port}`;

/**
 * Removes this run's e2e Worker state, so repeated runs leave nothing behind (the server starts
 * `--fresh` each run anyway). Playwright stops the server just after, killing it, so nothing writes
 * the directory back.
 */
export default function removeE2eState() {
  if (process.env.E2E_PORT) rmSync(e2eState(process.env.E2E_PORT), { recursive: true, force: true });
}
