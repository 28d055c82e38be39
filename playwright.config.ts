import { defineConfig, devices } from "@playwright/test";
import { POLICY_VERSION } from "./app/lib/consent/consent";
import { freePort } from "#tests/free-port.mjs";
import { e2eState } from "#tests/e2e/global-teardown.ts";

// The e2e Worker's port: E2E_PORT, else a free one chosen here, in the runner, and written back to
// the environment so the test workers it starts (forms-helpers' D1 reads) find the same server.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
// The run's own Firebase Auth emulator, on a free port too (scripts/auth-emulator.mjs reads it; so
// do the specs that read its codes, tests/e2e/auth-emulator.ts): never one another run may stop.
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${await freePort()}`;

/**
 * Visitors who already decided about cookies (everything optional rejected), so the consent
 * banner does not cover other tests' pages; tests/e2e/consent*.spec.ts start without it.
 */
const CONSENT_DECIDED = {
  cookies: [
    {
      name: "consent",
      value: `${POLICY_VERSION}.000.2026-01-01.00000000-0000-4000-8000-000000000000`,
      domain: "127.0.0.1",
      path: "/",
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: "Lax" as const,
    },
  ],
  origins: [],
};

/** End-to-end tests drive Debian's Chromium against the built Worker under `wrangler dev`. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  forbidOnly: Boolean(process.env.CI),
  // The e2e Worker's state is this run's alone: removed at the end, so runs leave none behind.
  globalTeardown: "./tests/e2e/global-teardown.ts",
  reporter: process.env.PW_JSON_OUTPUT ? [["list"], ["json", { outputFile: process.env.PW_JSON_OUTPUT }]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    storageState: CONSENT_DECIDED,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node scripts/serve.mjs --port ${port} --state ${e2eState(port)} --fresh`,
    url: `http://127.0.0.1:${port}/es/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
