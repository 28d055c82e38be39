import type { SessionUser } from "../../../app/lib/auth/session";
import { authConfigFromEnv } from "./config";
import { keyStoreFor } from "./google-keys";
import { InvalidIdTokenError, type TokenRejection, verifyIdToken } from "./verify-id-token";

export type { TokenRejection } from "./verify-id-token";

/** The result of checking a request's token: a member, or why there is none. */
export type TokenCheck = { user: SessionUser; rejection: null } | { user: null; rejection: TokenRejection | null };

/**
 * Verifies an ID token with this Worker's configuration (project, key URL, emulator mode) and
 * the shared key cache. Configuration errors are thrown: a misconfigured Worker fails closed.
 */
export async function checkIdToken(env: Env, token: string | null): Promise<TokenCheck> {
  const config = authConfigFromEnv(env);
  if (!token) return { user: null, rejection: null };
  try {
    const user = await verifyIdToken(token, {
      config,
      keys: keyStoreFor(config.keysUrl, config.keysTimeoutMs),
      kv: env.CACHE,
    });
    return { user, rejection: null };
  } catch (error) {
    if (error instanceof InvalidIdTokenError) return { user: null, rejection: error.reason };
    throw error;
  }
}
