-- Consent (issue 12): the proof of every cookie decision (GDPR art. 7(1): the controller must be
-- able to demonstrate consent). No personal data: no IP address, no user id, no user agent; the
-- consent id is random and lives only in the visitor's own consent cookie.
CREATE TABLE consent_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  consent_id TEXT NOT NULL,
  -- How the decision was taken: one of the three equally prominent buttons.
  action TEXT NOT NULL CHECK (action IN ('accept-all', 'reject-all', 'custom')),
  preferences INTEGER NOT NULL CHECK (preferences IN (0, 1)),
  analytics INTEGER NOT NULL CHECK (analytics IN (0, 1)),
  advertising INTEGER NOT NULL CHECK (advertising IN (0, 1)),
  policy_version INTEGER NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('es', 'en', 'val')),
  decided_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX consent_records_by_consent_id ON consent_records (consent_id, decided_at);
