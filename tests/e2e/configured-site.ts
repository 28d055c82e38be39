import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePorts } from "#tests/free-port.mjs";
import { startProviderStandin, type ProviderStandin } from "#tests/mocks/providers/standin.mjs";
import { waitForSite } from "./own-server";

/**
 * A Worker of its own with third parties configured, for specs that need something to consent to
 * (the default e2e Worker configures none, so it shows no banner). Each provider's script comes
 * from the local stand-in (tests/mocks/providers/standin.mjs); both take free ports.
 */
export interface ConfiguredSite {
  origin: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `vars` receives the stand-in's origin, for the `*_SCRIPT_URL` settings. */
export async function configuredSite(vars: (standin: string) => Record<string, string>): Promise<ConfiguredSite> {
  const [standinPort = 0, sitePort = 0] = await freePorts(2);
  const origin = `http://127.0.0.1:${sitePort}`;
  let standin: ProviderStandin | undefined;
  let site: ChildProcess | undefined;
  let state = "";
  return {
    origin,
    async start() {
      state = mkdtempSync(path.join(tmpdir(), "arena-e2e-configured-"));
      standin = await startProviderStandin(standinPort);
      const settings = vars(`http://127.0.0.1:${standinPort}`);
      site = spawn(
        process.execPath,
        [
          "scripts/serve.mjs",
          "--port",
          String(sitePort),
          "--state",
          state,
          "--fresh",
          ...Object.entries(settings).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
        ],
        { detached: true, stdio: "ignore" },
      );
      await waitForSite(origin, 200_000);
    },
    async stop() {
      if (site?.pid) process.kill(-site.pid, "SIGTERM");
      await standin?.close();
      if (state) rmSync(state, { recursive: true, force: true });
    },
  };
}

/** The least a banner needs: one provider (the Meta Pixel, advertising), served by the stand-in. */
export const ONE_PROVIDER = (standin: string) => ({
  META_PIXEL_ID: "100200300",
  META_PIXEL_SCRIPT_URL: `${standin}/fbevents.js`,
});
