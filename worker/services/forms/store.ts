import type { Lang } from "#app/lib/languages.ts";
import type { DocumentType } from "#app/lib/forms/document.ts";

/**
 * Writes to D1 (and R2) that must succeed before a person is told "sent". Every write is keyed
 * by the submission's idempotency key: a double click or a client retry finds the first record
 * and creates nothing new.
 */

export type FormSubmissionKind = "contact" | "hospitality" | "refund-request";

/** What a write did: a new record, or the record an earlier try with the same key made. */
export type StoreResult = { stored: boolean; id: string };

export interface SubmissionRecord {
  kind: FormSubmissionKind;
  idempotencyKey: string;
  lang: Lang;
  payload: Record<string, unknown>;
}

/** A document checked by content, ready for R2. */
export interface DocumentUpload {
  bytes: ArrayBuffer;
  type: DocumentType;
  extension: string;
}

async function existingSubmission(db: D1Database, idempotencyKey: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT id FROM form_submissions WHERE idempotency_key = ?")
    .bind(idempotencyKey)
    .first<{ id: string }>();
  return row?.id ?? null;
}

async function insertSubmission(
  db: D1Database,
  id: string,
  record: SubmissionRecord,
  documentKey: string | null,
): Promise<StoreResult> {
  const result = await db
    .prepare(
      `INSERT INTO form_submissions (id, kind, idempotency_key, lang, payload, document_key)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(id, record.kind, record.idempotencyKey, record.lang, JSON.stringify(record.payload), documentKey)
    .run();
  if (result.meta.changes === 1) return { stored: true, id };
  const existing = await existingSubmission(db, record.idempotencyKey);
  if (!existing) throw new Error("idempotency conflict without an existing submission");
  return { stored: false, id: existing };
}

/** Stores a contact or hospitality submission. */
export async function storeSubmission(db: D1Database, record: SubmissionRecord): Promise<StoreResult> {
  return insertSubmission(db, crypto.randomUUID(), record, null);
}

/**
 * Stores a refund request: the document goes to R2 first so the D1 row never points at a
 * missing object; if the row is not written (a failure, or a concurrent retry won the race)
 * the object is removed again.
 */
export async function storeRefundRequest(
  db: D1Database,
  bucket: R2Bucket,
  record: SubmissionRecord,
  document: DocumentUpload,
): Promise<StoreResult> {
  const earlier = await existingSubmission(db, record.idempotencyKey);
  if (earlier) return { stored: false, id: earlier };

  const id = crypto.randomUUID();
  const documentKey = `refund-requests/${id}.${document.extension}`;
  await bucket.put(documentKey, document.bytes, {
    httpMetadata: { contentType: document.type },
    customMetadata: { submissionId: id },
  });
  let result: StoreResult | null = null;
  try {
    result = await insertSubmission(db, id, record, documentKey);
    return result;
  } finally {
    if (!result?.stored) await bucket.delete(documentKey).catch(() => undefined);
  }
}

export type NewsletterResult = StoreResult | { alreadySubscribed: true };

/**
 * Subscribes an address once. A sign-up of an address already on the list creates nothing and
 * says so, whatever key it carries: a retry of the sign-up that stored it, a double click, or a
 * page the browser kept from before (a 304 revalidation hands back the copy, with the key it
 * already sent). So the answer to the same address is one, with JavaScript or without.
 */
export async function storeNewsletterSubscription(
  db: D1Database,
  subscription: { email: string; lang: Lang; idempotencyKey: string },
): Promise<NewsletterResult> {
  const email = subscription.email.toLowerCase();
  const result = await db
    .prepare(
      `INSERT INTO newsletter_subscriptions (email, lang, consent_at, idempotency_key)
       VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?) ON CONFLICT DO NOTHING`,
    )
    .bind(email, subscription.lang, subscription.idempotencyKey)
    .run();
  // The key is scoped by the address (submit.ts), so a conflict on it is this address too.
  return result.meta.changes === 1 ? { stored: true, id: subscription.idempotencyKey } : { alreadySubscribed: true };
}
