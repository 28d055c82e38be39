-- Member profiles keyed by the identity provider's user id.
CREATE TABLE profiles (
  uid TEXT PRIMARY KEY,
  name TEXT NOT NULL DEFAULT '',
  surname TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  birthdate TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  lang TEXT NOT NULL DEFAULT 'es' CHECK (lang IN ('es', 'en', 'val')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Tickets imported from the ticketing platform, matched to members by verified email.
CREATE TABLE tickets (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  event_slug TEXT NOT NULL,
  event_name TEXT NOT NULL,
  event_starts_at TEXT NOT NULL,
  purchased_at TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  currency TEXT NOT NULL DEFAULT 'EUR',
  seat TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tickets_by_email_and_start ON tickets (email, event_starts_at);

-- Every form submission is stored before success is shown; the idempotency key makes retries safe.
CREATE TABLE form_submissions (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('contact', 'hospitality', 'refund-request')),
  idempotency_key TEXT NOT NULL UNIQUE,
  lang TEXT NOT NULL,
  payload TEXT NOT NULL,
  document_key TEXT,
  delivery_status TEXT NOT NULL DEFAULT 'pending' CHECK (delivery_status IN ('pending', 'delivered', 'dead')),
  delivery_attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE newsletter_subscriptions (
  email TEXT PRIMARY KEY,
  lang TEXT NOT NULL,
  consent_at TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
