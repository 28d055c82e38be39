import type { SessionUser } from "#app/lib/auth/session.ts";
import { authConfigFromEnv } from "./config";
import { keyStoreFor } from "./google-keys";
import { isRevoked, revokedAt } from "./revocations";
import { InvalidIdTokenError, type TokenRejection, verifyIdToken } from "./verify-id-token";

export type { TokenRejection } from "./verify-id-token";

/** The result of checking a request's token: a member, or why there is none. */
export type TokenCheck = { user: SessionUser; rejection: null } | { user: null; rejection: TokenRejection | null };

/**
 * Verifies an ID token with this Worker's configuration (project, key URL, emulator mode) and
 * the shared key cache, then refuses it as `revoked` when the member signed out everywhere,
 * changed their password or deleted their account after this session signed in (D1, see
 * revocations.ts). Configuration errors are thrown: a misconfigured Worker fails closed.
 */
export async function checkIdToken(env: Env, token: string | null): Promise<TokenCheck> {
  const config = authConfigFromEnv(env);
  if (!token) return { user: null, rejection: null };
  let user: SessionUser;
  try {
    user = await verifyIdToken(token, {
      config,
      keys: keyStoreFor(config.keysUrl, config.keysTimeoutMs),
      kv: env.CACHE,
    });
  } catch (error) {
    if (error instanceof InvalidIdTokenError) return { user: null, rejection: error.reason };
    throw error;
  }
  if (isRevoked(user.authTime, await revokedAt(env.DB, user.uid))) return { user: null, rejection: "revoked" };
  return { user, rejection: null };
}
