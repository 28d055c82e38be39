import * as v from "valibot";
import type { AuthService, FirebaseClientConfig } from "#app/lib/auth/firebase-config.ts";
import { perObject } from "#app/lib/per-object.ts";
import { AuthConfigError, authConfigFromEnv } from "./config";

const ClientEnv = v.object({
  FIREBASE_API_KEY: v.pipe(v.string(), v.minLength(1)),
  FIREBASE_AUTH_DOMAIN: v.pipe(v.string(), v.minLength(1)),
});

/** The public Firebase web config for this Worker's project (never a secret: it ships to browsers). */
function firebaseClientConfig(env: Env): FirebaseClientConfig {
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
 * The same config or null when the auth variables are missing or invalid. Worked out once per
 * environment object (one per isolate), not validated again on every page.
 */
const optionalFirebaseClientConfig = perObject((env: Env): FirebaseClientConfig | null => {
  try {
    return firebaseClientConfig(env);
  } catch (error) {
    if (error instanceof AuthConfigError || error instanceof v.ValiError) return null;
    throw error;
  }
});

/** The auth service of the request context (app/lib/context.server.ts) for this Worker's env. */
export function authService(env: Env): AuthService {
  return {
    clientConfig: () => firebaseClientConfig(env),
    optionalClientConfig: () => optionalFirebaseClientConfig(env),
  };
}
