-- Signed-out means signed out (issue 11): when a member signs out everywhere, changes their
-- password or deletes their account, every session that signed in before `revoked_at` (seconds
-- since the epoch, compared with the ID token's auth_time) is refused. Rows outlive the profile:
-- a deleted account's tokens stay refused until they expire.
CREATE TABLE session_revocations (
  uid TEXT PRIMARY KEY,
  revoked_at INTEGER NOT NULL
) WITHOUT ROWID;
