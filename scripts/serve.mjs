// Serves the built Worker under `wrangler dev` with local D1/KV/R2: applies the D1 migrations
// and the demo seed to the chosen state directory first. Used by `npm start` and the e2e tests.
//   node scripts/serve.mjs [--port 8787] [--state .wrangler/state] [--fresh] [--var NAME:value]... [--staging]
// Each --var overrides one wrangler.toml [vars] value (tests start a configured server this way).
// --staging (or STAGING=1): production mode against local stand-ins instead of the emulator (scripts/staging.mjs).
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { AUTH_EMULATOR_HOST, superviseAuthEmulator } from "./auth-emulator.mjs";
import { bin, run } from "./lib.mjs";
import { startStaging } from "./staging.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8787" },
    state: { type: "string", default: ".wrangler/state" },
    fresh: { type: "boolean", default: false },
    var: { type: "string", multiple: true, default: [] },
    staging: { type: "boolean", default: process.env.STAGING === "1" },
  },
});

if (values.fresh) rmSync(values.state, { recursive: true, force: true });
const persist = ["--persist-to", values.state];
const migrated = await run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persist], {
  env: { CI: "true" },
  stdio: ["ignore", "ignore", "inherit"],
});
if (migrated !== 0) process.exit(migrated);
// The demo member (profile and tickets) of the README, dated relative to now.
const seeded = await run(
  bin("wrangler"),
  ["d1", "execute", "DB", "--local", "--file", "scripts/seed.sql", ...persist],
  {
    env: { CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
if (seeded !== 0) process.exit(seeded);
// Local identity: the Firebase Auth emulator (shared if one already runs) and the demo member's
// account; in staging, own signing keys and the other stand-ins instead (scripts/staging.mjs).
const staging = values.staging ? await startStaging({ state: values.state, sitePort: values.port }) : null;
const authEmulator = staging ? null : superviseAuthEmulator();
const stop = () => {
  authEmulator?.stop();
  void staging?.close();
};
// A stop signal sent to this process alone (not its group) must not leave an orphaned emulator behind.
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
await authEmulator?.ready;

const localVars = staging
  ? Object.entries(staging.vars).map(([name, value]) => `${name}:${value}`)
  : [`FIREBASE_AUTH_EMULATOR_HOST:${AUTH_EMULATOR_HOST}`];
// ARENA_BUILD_DIR (react-router.config.ts) names another build: serve that one's Worker, not the
// one the last build anywhere in the checkout pointed `.wrangler/deploy/config.json` at.
const buildConfig = process.env.ARENA_BUILD_DIR
  ? ["--config", `${process.env.ARENA_BUILD_DIR}/server/wrangler.json`]
  : [];
// Not detached: whoever stops this script's process group (Ctrl-C, Playwright) stops wrangler too.
const code = await run(bin("wrangler"), [
  "dev",
  ...buildConfig,
  "--port",
  values.port,
  "--ip",
  "127.0.0.1",
  "--show-interactive-dev-session=false",
  // Local-only values: the emulator's unsigned tokens are accepted (or, in staging, the
  // stand-ins), and the tickets import key.
  ...localVars.flatMap((value) => ["--var", value]),
  "--var",
  "TICKETS_IMPORT_API_KEY:local-tickets-import-key",
  ...values.var.flatMap((value) => ["--var", value]),
  ...persist,
]);
stop();
process.exit(code);
