import * as v from "valibot";
import { LANGUAGES } from "#app/lib/languages.ts";

/**
 * One visitor's cookie decision, as the proof of consent stores it (no personal data: the ids are
 * random). It travels whole through the queue: the consumer writes it without reading anything.
 */
export const ConsentProofSchema = v.object({
  proofId: v.pipe(v.string(), v.uuid()),
  /** The browser's consent id, as its cookie carries it (app/lib/consent/consent.ts). */
  consentId: v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/)),
  action: v.picklist(["accept-all", "reject-all", "custom"]),
  preferences: v.boolean(),
  analytics: v.boolean(),
  advertising: v.boolean(),
  policyVersion: v.pipe(v.number(), v.integer()),
  lang: v.picklist(LANGUAGES),
  /** When the visitor decided (not when the row was written, which may be later). */
  decidedAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type ConsentProof = v.InferOutput<typeof ConsentProofSchema>;

/**
 * Waits 2 s, 4 s, 8 s… between attempts, at most 20 minutes: a short D1 outage is over in
 * seconds, and the queue's 100 retries then span more than a day (the dead-letter queue another
 * day), inside the 4 days a queue keeps a message.
 */
export function proofRetryDelaySeconds(attempts: number): number {
  return Math.min(2 ** Math.max(1, attempts), 1200);
}

function insertProof(db: D1Database, proof: ConsentProof): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO consent_records
         (proof_id, consent_id, action, preferences, analytics, advertising, policy_version, lang, decided_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (proof_id) DO NOTHING`,
    )
    .bind(
      proof.proofId,
      proof.consentId,
      proof.action,
      +proof.preferences,
      +proof.analytics,
      +proof.advertising,
      proof.policyVersion,
      proof.lang,
      proof.decidedAt,
    );
}

/**
 * Records a decision. Through the queue, the banner's answer never waits on D1 (a rush of first
 * visits is about 1,700 decisions a second, more than one database should take one by one); when
 * the queue itself refuses, the proof is written straight to D1, and only when both fail does
 * the call throw (the visitor is then asked again, nothing is silently lost).
 */
export async function recordConsentProof(env: Pick<Env, "CONSENT_PROOFS" | "DB">, proof: ConsentProof): Promise<void> {
  try {
    await env.CONSENT_PROOFS.send(proof, { contentType: "json" });
  } catch (error) {
    console.error(`Consent proof ${proof.proofId} could not be queued; writing it to D1 directly`, error);
    await insertProof(env.DB, proof).run();
  }
}

/**
 * The consent queue's consumer (and its dead-letter queue's): the whole batch in one D1 batch
 * (one round trip, one transaction), idempotent on the proof id. When D1 is slow or down, every
 * message goes back to the queue to be retried with backoff; none is acknowledged unwritten.
 */
export async function handleConsentBatch(batch: MessageBatch<unknown>, env: Pick<Env, "DB">): Promise<void> {
  const valid: { message: Message<unknown>; proof: ConsentProof }[] = [];
  for (const message of batch.messages) {
    const parsed = v.safeParse(ConsentProofSchema, message.body);
    if (parsed.success) valid.push({ message, proof: parsed.output });
    else {
      // It can never be written; retrying would only block the queue.
      console.warn(`Consent message ${message.id} is malformed and was dropped`);
      message.ack();
    }
  }
  if (valid.length === 0) return;
  try {
    await env.DB.batch(valid.map(({ proof }) => insertProof(env.DB, proof)));
    for (const { message } of valid) message.ack();
  } catch (error) {
    console.error(`${valid.length} consent proofs could not be written; the queue retries them`, error);
    for (const { message } of valid) message.retry({ delaySeconds: proofRetryDelaySeconds(message.attempts) });
  }
}
