import type { DeliveryMessage } from "./message";

/** A stored record as it is forwarded to the venue's inbox or CRM. */
export interface DeliveryRecord {
  kind: DeliveryMessage["kind"];
  id: string;
  lang: string;
  createdAt: string;
  status: "pending" | "delivered" | "dead";
  payload: unknown;
  documentKey: string | null;
}

interface SubmissionRow {
  id: string;
  kind: DeliveryMessage["kind"];
  lang: string;
  payload: string;
  document_key: string | null;
  delivery_status: DeliveryRecord["status"];
  created_at: string;
}

interface SubscriptionRow {
  email: string;
  lang: string;
  consent_at: string;
  delivery_status: DeliveryRecord["status"];
  created_at: string;
}

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reads the record a delivery message points at; null when it no longer exists. */
export async function loadDeliveryRecord(db: D1Database, message: DeliveryMessage): Promise<DeliveryRecord | null> {
  if (message.kind === "newsletter") {
    const row = await db
      .prepare(
        "SELECT email, lang, consent_at, delivery_status, created_at FROM newsletter_subscriptions WHERE idempotency_key = ?",
      )
      .bind(message.id)
      .first<SubscriptionRow>();
    if (!row) return null;
    return {
      kind: "newsletter",
      id: message.id,
      lang: row.lang,
      createdAt: row.created_at,
      status: row.delivery_status,
      payload: { email: row.email, consentAt: row.consent_at },
      documentKey: null,
    };
  }
  const row = await db
    .prepare(
      "SELECT id, kind, lang, payload, document_key, delivery_status, created_at FROM form_submissions WHERE id = ?",
    )
    .bind(message.id)
    .first<SubmissionRow>();
  if (!row) return null;
  return {
    kind: row.kind,
    id: row.id,
    lang: row.lang,
    createdAt: row.created_at,
    status: row.delivery_status,
    payload: parsePayload(row.payload),
    documentKey: row.document_key,
  };
}

function recordTable(kind: DeliveryMessage["kind"]): { table: string; key: string } {
  return kind === "newsletter"
    ? { table: "newsletter_subscriptions", key: "idempotency_key" }
    : { table: "form_submissions", key: "id" };
}

/**
 * Records one delivery attempt's outcome on the record: delivered, still pending (with the
 * error that will be retried), or dead (no more retries; the error says why).
 */
export async function recordDeliveryAttempt(
  db: D1Database,
  message: DeliveryMessage,
  outcome: { status: DeliveryRecord["status"]; error: string | null },
): Promise<void> {
  const { table, key } = recordTable(message.kind);
  await db
    .prepare(
      `UPDATE ${table} SET delivery_status = ?, delivery_attempts = delivery_attempts + 1,
       last_delivery_error = ? WHERE ${key} = ?`,
    )
    .bind(outcome.status, outcome.error, message.id)
    .run();
}

/** Marks a record dead without counting an attempt (used for dead-lettered messages). */
export async function markDead(db: D1Database, message: DeliveryMessage, reason: string): Promise<void> {
  const { table, key } = recordTable(message.kind);
  await db
    .prepare(
      `UPDATE ${table} SET delivery_status = 'dead', last_delivery_error = ? WHERE ${key} = ? AND delivery_status = 'pending'`,
    )
    .bind(reason, message.id)
    .run();
}
