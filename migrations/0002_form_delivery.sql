-- Forms (issue 4): newsletter sign-ups become idempotent and deliverable like form submissions,
-- and every delivery attempt outcome is kept so a lost message can always be traced.

ALTER TABLE newsletter_subscriptions ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX newsletter_subscriptions_by_idempotency_key ON newsletter_subscriptions (idempotency_key);
ALTER TABLE newsletter_subscriptions ADD COLUMN delivery_status TEXT NOT NULL DEFAULT 'pending'
  CHECK (delivery_status IN ('pending', 'delivered', 'dead'));
ALTER TABLE newsletter_subscriptions ADD COLUMN delivery_attempts INTEGER NOT NULL DEFAULT 0;

-- The last delivery error, so a dead record says why it died.
ALTER TABLE form_submissions ADD COLUMN last_delivery_error TEXT;
ALTER TABLE newsletter_subscriptions ADD COLUMN last_delivery_error TEXT;

-- What the delivery consumer handed over, and where. Without a configured endpoint (local
-- development, tests) the consumer records the delivery here instead of calling out.
CREATE TABLE form_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  record_kind TEXT NOT NULL CHECK (record_kind IN ('contact', 'hospitality', 'refund-request', 'newsletter')),
  record_id TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  delivered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX form_deliveries_by_record ON form_deliveries (record_kind, record_id);
