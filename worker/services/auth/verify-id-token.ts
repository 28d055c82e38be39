import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import * as v from "valibot";
import type { SessionUser } from "#app/lib/auth/session.ts";
import type { AuthConfig } from "./config";
import { type GoogleKeyStore, KeyFetchError, UnknownKeyError } from "./google-keys";

/** Firebase allows this much clock difference between Google and us. */
export const CLOCK_SKEW_SECONDS = 60;

/** Why a token was refused; never shown verbatim to users, useful in logs and tests. */
export type TokenRejection =
  | "malformed"
  | "algorithm"
  | "missing_kid"
  | "embedded_key"
  | "unknown_kid"
  | "signature"
  | "expired"
  | "claims"
  | "keys_unavailable"
  | "revoked";

export class InvalidIdTokenError extends Error {
  override name = "InvalidIdTokenError";
  constructor(readonly reason: TokenRejection) {
    super(`Firebase ID token refused: ${reason}`);
  }
}

/** The claims a Firebase ID token must carry, checked after the signature. */
const IdTokenClaims = v.object({
  sub: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  aud: v.string(),
  iss: v.string(),
  exp: v.pipe(v.number(), v.integer()),
  iat: v.pipe(v.number(), v.integer()),
  auth_time: v.pipe(v.number(), v.integer()),
  email: v.optional(v.string()),
  email_verified: v.optional(v.boolean(), false),
});

/**
 * A compact JWS and nothing else: three base64url segments (the emulator's unsigned tokens have
 * an empty third). Whitespace or control characters around a valid token are refused here, so
 * they never reach a decoder, a log line or the session cookie's Set-Cookie header.
 */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The token's own header may only name a key; keys or key locations inside it are never trusted. */
const KEY_CARRYING_HEADERS = ["jwk", "jku", "x5u", "x5c"] as const;

export interface VerifyOptions {
  config: AuthConfig;
  keys: GoogleKeyStore;
  kv?: KVNamespace;
  /** Seconds since the epoch. */
  now?: () => number;
}

function claimsToUser(payload: JWTPayload, config: AuthConfig, now: number): SessionUser {
  const claims = v.safeParse(IdTokenClaims, payload);
  if (!claims.success) throw new InvalidIdTokenError("claims");
  const { sub, aud, iss, exp, iat, auth_time, email, email_verified } = claims.output;
  if (aud !== config.projectId || iss !== config.issuer) throw new InvalidIdTokenError("claims");
  if (exp <= now - CLOCK_SKEW_SECONDS) throw new InvalidIdTokenError("expired");
  if (iat > now + CLOCK_SKEW_SECONDS || auth_time > now + CLOCK_SKEW_SECONDS) throw new InvalidIdTokenError("claims");
  return {
    uid: sub,
    email: email?.toLowerCase() ?? null,
    emailVerified: email_verified,
    authTime: auth_time,
    expiresAt: exp,
  };
}

/**
 * Verifies a Firebase ID token the way Google documents it: RS256 only; a `kid` naming one of
 * Google's current securetoken keys; `exp` in the future, `iat` and `auth_time` not in the
 * future; `aud` the project id; `iss` `https://securetoken.google.com/<project id>`; `sub` 1–128
 * characters; at most 60 s of clock skew. In emulator mode (never in production, see config)
 * the emulator's unsigned `alg: none` tokens pass the same claim checks without a signature.
 */
export async function verifyIdToken(token: string, options: VerifyOptions): Promise<SessionUser> {
  const { config, keys } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  if (!COMPACT_JWS.test(token)) throw new InvalidIdTokenError("malformed");
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new InvalidIdTokenError("malformed");
  }
  if (KEY_CARRYING_HEADERS.some((name) => name in header)) throw new InvalidIdTokenError("embedded_key");

  if (header.alg === "none" && config.emulator) {
    let payload: JWTPayload;
    try {
      payload = decodeJwt(token);
    } catch {
      throw new InvalidIdTokenError("malformed");
    }
    return claimsToUser(payload, config, now());
  }
  if (header.alg !== "RS256") throw new InvalidIdTokenError("algorithm");
  const kid = header.kid;
  if (typeof kid !== "string" || kid === "") throw new InvalidIdTokenError("missing_kid");

  let key;
  try {
    key = await keys.keyFor(kid, options.kv);
  } catch (error) {
    if (error instanceof UnknownKeyError) throw new InvalidIdTokenError("unknown_kid");
    if (error instanceof KeyFetchError || error instanceof TypeError) throw new InvalidIdTokenError("keys_unavailable");
    throw error;
  }
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["RS256"],
      audience: config.projectId,
      issuer: config.issuer,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ["exp", "iat", "sub", "auth_time"],
      currentDate: new Date(now() * 1000),
    });
    return claimsToUser(payload, config, now());
  } catch (error) {
    if (error instanceof InvalidIdTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new InvalidIdTokenError("expired");
    if (error instanceof errors.JWSSignatureVerificationFailed) throw new InvalidIdTokenError("signature");
    if (error instanceof errors.JOSEError) throw new InvalidIdTokenError("claims");
    throw error;
  }
}
