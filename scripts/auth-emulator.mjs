// The Firebase Auth emulator for `npm start` and the e2e server (auth only, project demo-arena,
// no account anywhere) and the seeded demo member's Firebase account.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bin, OFFLINE_ENV, waitForUrl } from "./lib.mjs";

/**
 * Where the emulator answers: `FIREBASE_AUTH_EMULATOR_HOST` (Firebase's own variable; the e2e run
 * sets a free port there, playwright.config.ts), else firebase.json's 127.0.0.1:9099 for
 * `npm start`.
 */
export const AUTH_EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || "127.0.0.1:9099";
export const FIREBASE_PROJECT_ID = "demo-arena";
/** The demo member of scripts/seed.sql; the README lists these credentials. */
export const DEMO_MEMBER = {
  localId: "demo-member",
  email: "demo@arena.test",
  password: "arena-demo-2026",
  displayName: "Lucía Martínez Soler",
  emailVerified: true,
};

const origin = `http://${AUTH_EMULATOR_HOST}`;

/**
 * Who answers on the emulator's address: the Auth emulator (its root says `authEmulator`), another
 * program, or nobody.
 */
async function holder() {
  try {
    const body = await (await fetch(`${origin}/`)).json().catch(() => null);
    return body?.authEmulator ? "emulator" : "other";
  } catch {
    return "none";
  }
}

/**
 * firebase.json with the emulator's port set to {@link AUTH_EMULATOR_HOST}'s, written outside the
 * project: the CLI takes its port only from a config file.
 */
function configForHost() {
  const config = JSON.parse(readFileSync("firebase.json", "utf8"));
  const [host, port] = AUTH_EMULATOR_HOST.split(":");
  config.emulators.auth = { host, port: Number(port) };
  const dir = path.join(tmpdir(), "arena-firebase");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `firebase-${port}.json`);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

const TAKEN = `${AUTH_EMULATOR_HOST} is held by a program that is not the Firebase Auth emulator; stop it: local sign-in needs the emulator there`;

/** Waits until the emulator `child` answers; fails at once, saying why, if it exits first. */
function emulatorReady(child) {
  let onExit;
  const exited = new Promise((_, reject) => {
    onExit = (code) =>
      reject(
        new Error(
          `The Firebase Auth emulator exited (code ${code}) before answering on ${AUTH_EMULATOR_HOST}: is another program holding that port?`,
        ),
      );
    child.once("exit", onExit);
  });
  return Promise.race([waitForUrl(`${origin}/`, 60_000), exited]).finally(() => child.off("exit", onExit));
}

/**
 * Keeps an Auth emulator answering on {@link AUTH_EMULATOR_HOST} while this server runs. Another local
 * server (e.g. a second e2e run) may own the one that answers; if it goes away, this one starts
 * its own and seeds the demo member again. Children stay in this process group, so stopping the
 * server stops them too.
 */
export function superviseAuthEmulator() {
  let child = null;
  let starting = null;
  let stopped = false;

  function ensure() {
    starting ??= (async () => {
      if (stopped) return;
      const found = await holder();
      if (found === "emulator") return;
      if (found === "other") throw new Error(TAKEN);
      child = spawn(
        bin("firebase"),
        [
          "--non-interactive",
          "--config",
          configForHost(),
          "emulators:start",
          "--only",
          "auth",
          "--project",
          FIREBASE_PROJECT_ID,
        ],
        { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...OFFLINE_ENV, CI: "true" } },
      );
      await emulatorReady(child);
      await seedDemoMember();
    })().finally(() => {
      starting = null;
    });
    return starting;
  }

  const watch = setInterval(() => void ensure().catch(() => {}), 2_000);
  return {
    ready: ensure().then(seedDemoMember),
    stop() {
      stopped = true;
      clearInterval(watch);
      child?.kill("SIGTERM");
    },
  };
}

/** Creates the verified demo member with a fixed uid (matching the D1 seed); harmless if it exists. */
export async function seedDemoMember() {
  const response = await accountsRequest();
  if (response.ok) return;
  const body = await response.text();
  if (!/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(body)) throw new Error(`Could not seed the demo member: ${body}`);
}

/**
 * The account creation call. An emulator that has just started may answer its root before its
 * REST API and reset the first connection: try again once it answers, a few times.
 */
async function accountsRequest(attempt = 1) {
  try {
    return await fetch(`${origin}/identitytoolkit.googleapis.com/v1/projects/${FIREBASE_PROJECT_ID}/accounts`, {
      method: "POST",
      headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
      body: JSON.stringify(DEMO_MEMBER),
    });
  } catch (error) {
    if (attempt >= 5) throw error;
    await waitForUrl(`${origin}/`, 30_000);
    return accountsRequest(attempt + 1);
  }
}
