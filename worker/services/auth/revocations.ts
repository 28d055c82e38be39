import * as v from "valibot";

/**
 * Session revocation without the Firebase Admin SDK (the idea of its `checkRevoked`): D1 keeps,
 * per member, the time before which no sign-in counts any more. A verified ID token whose
 * `auth_time` is older is refused. Refreshing a token keeps its `auth_time`, so a browser that
 * signed in before the revocation cannot come back by refreshing; only a new sign-in can.
 *
 * Cost: one read by primary key per verified token, remembered in this isolate for
 * REVOCATION_CACHE_MS. Revocations made through this isolate are seen at once; one made in
 * another isolate is seen here within that time (the trade-off for not reading D1 on every
 * request of a page burst). Public pages never verify a token, so they never read it.
 */
export const REVOCATION_CACHE_MS = 10_000;
const MAX_CACHED_MEMBERS = 1000;

const Row = v.object({ revoked_at: v.number() });

const cache = new Map<string, { revokedAt: number | null; readAt: number }>();

function remember(uid: string, revokedAt: number | null, now: number) {
  cache.delete(uid);
  cache.set(uid, { revokedAt, readAt: now });
  // Maps keep insertion order: the first key is the oldest read.
  if (cache.size > MAX_CACHED_MEMBERS) cache.delete(cache.keys().next().value ?? uid);
}

/** When the member's sessions were last revoked (seconds since the epoch), or null if never. */
export async function revokedAt(db: D1Database, uid: string, now = Date.now()): Promise<number | null> {
  const cached = cache.get(uid);
  if (cached && now - cached.readAt < REVOCATION_CACHE_MS) return cached.revokedAt;
  const row = v.safeParse(
    Row,
    await db.prepare("SELECT revoked_at FROM session_revocations WHERE uid = ?").bind(uid).first(),
  );
  const value = row.success ? row.output.revoked_at : null;
  remember(uid, value, now);
  return value;
}

/**
 * Refuses every session of `uid` that signed in before `at` (seconds since the epoch). A time
 * earlier than one already recorded never shortens it. Returns the recorded time.
 */
export async function revokeSessions(db: D1Database, uid: string, at: number, now = Date.now()): Promise<number> {
  const row = v.safeParse(
    Row,
    await db
      .prepare(
        `INSERT INTO session_revocations (uid, revoked_at) VALUES (?1, ?2)
         ON CONFLICT (uid) DO UPDATE SET revoked_at = MAX(revoked_at, ?2) RETURNING revoked_at`,
      )
      .bind(uid, at)
      .first(),
  );
  const recorded = row.success ? row.output.revoked_at : at;
  remember(uid, recorded, now);
  return recorded;
}

/** Whether a session that signed in at `authTime` was revoked afterwards. */
export function isRevoked(authTime: number, revoked: number | null): boolean {
  return revoked !== null && authTime < revoked;
}
