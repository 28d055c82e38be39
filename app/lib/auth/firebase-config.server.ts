import * as v from "valibot";
import { AuthConfigError, authConfigFromEnv } from "#worker/services/auth/config.ts";
import { perObject } from "#app/lib/per-object.ts";

/** What the browser needs to start the Firebase Auth SDK; all of it is public by design. */
export interface FirebaseClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** Local development: the SDK talks to the Auth emulator through the site's own origin. */
  emulator: boolean;
}

const ClientEnv = v.object({
  FIREBASE_API_KEY: v.pipe(v.string(), v.minLength(1)),
  FIREBASE_AUTH_DOMAIN: v.pipe(v.string(), v.minLength(1)),
});

/** The public Firebase web config for this Worker's project (never a secret: it ships to browsers). */
export function firebaseClientConfig(env: Env): FirebaseClientConfig {
  const auth = authConfigFromEnv(env);
  const client = v.parse(ClientEnv, env);
  return {
    apiKey: client.FIREBASE_API_KEY,
    authDomain: client.FIREBASE_AUTH_DOMAIN,
    projectId: auth.projectId,
    emulator: auth.emulator,
  };
}

/**
 * The same config for the root loader, which every page runs: a misconfigured Worker must not
 * take public pages down with it, so it yields null there (member pages still fail loudly).
 * Worked out once per environment object (one per isolate), not validated again on every page.
 */
export const optionalFirebaseClientConfig = perObject((env: Env): FirebaseClientConfig | null => {
  try {
    return firebaseClientConfig(env);
  } catch (error) {
    if (error instanceof AuthConfigError || error instanceof v.ValiError) return null;
    throw error;
  }
});
