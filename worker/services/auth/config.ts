import * as v from "valibot";
import { DEFAULT_KEY_FETCH_TIMEOUT_MS } from "./google-keys";

/** Google's public keys for Firebase ID tokens, as a JSON Web Key Set (the x509 PEM map works too). */
export const GOOGLE_SECURETOKEN_JWKS_URL =
  "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

const AuthEnv = v.pipe(
  v.object({
    APP_ENV: v.optional(v.string(), "development"),
    FIREBASE_PROJECT_ID: v.pipe(v.string(), v.regex(/^[a-z0-9-]{4,40}$/)),
    GOOGLE_KEYS_URL: v.optional(v.pipe(v.string(), v.url()), GOOGLE_SECURETOKEN_JWKS_URL),
    FIREBASE_AUTH_EMULATOR_HOST: v.optional(v.string(), ""),
    // Bound on one request to the key endpoint (milliseconds); tests shorten it.
    GOOGLE_KEYS_TIMEOUT_MS: v.optional(
      v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)),
      String(DEFAULT_KEY_FETCH_TIMEOUT_MS),
    ),
  }),
  // A production Worker must never accept the emulator's unsigned tokens, so a production
  // configuration that names an emulator is rejected outright instead of being half-honoured.
  v.check(
    (env) => !(env.APP_ENV === "production" && env.FIREBASE_AUTH_EMULATOR_HOST.trim() !== ""),
    "FIREBASE_AUTH_EMULATOR_HOST must not be set when APP_ENV is production",
  ),
);

/** How this Worker verifies Firebase ID tokens. */
export interface AuthConfig {
  projectId: string;
  issuer: string;
  keysUrl: string;
  /** How long one key request may take before the check answers from stale keys or 503. */
  keysTimeoutMs: number;
  /** True only outside production with `FIREBASE_AUTH_EMULATOR_HOST` set: unsigned emulator tokens are accepted. */
  emulator: boolean;
}

/** Thrown when the Worker's auth variables are missing or contradictory; the session is then refused. */
export class AuthConfigError extends Error {
  override name = "AuthConfigError";
}

/** Reads and validates the auth variables from the Worker's environment. */
export function authConfigFromEnv(env: unknown): AuthConfig {
  const parsed = v.safeParse(AuthEnv, env);
  if (!parsed.success) throw new AuthConfigError(v.summarize(parsed.issues));
  const {
    FIREBASE_PROJECT_ID: projectId,
    GOOGLE_KEYS_URL: keysUrl,
    GOOGLE_KEYS_TIMEOUT_MS: keysTimeoutMs,
    FIREBASE_AUTH_EMULATOR_HOST,
  } = parsed.output;
  return {
    projectId,
    issuer: `https://securetoken.google.com/${projectId}`,
    keysUrl,
    keysTimeoutMs,
    emulator: FIREBASE_AUTH_EMULATOR_HOST.trim() !== "",
  };
}
