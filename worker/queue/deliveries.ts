import * as v from "valibot";
import { DeliveryMessageSchema, type DeliveryMessage } from "./message";
import { loadDeliveryRecord, markDead, recordDeliveryAttempt, type DeliveryRecord } from "./records";

/** Attempts before a record is given up as dead (below the queue's own `max_retries`). */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** The dead-letter queue's name ends with this; its messages are only marked dead. */
const DEAD_LETTER_SUFFIX = "-dlq";

/** Waits 30 s, 60 s, 120 s… between attempts, at most 15 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 900);
}

export interface DeliveryConfig {
  /** The venue's inbox/CRM webhook; empty records the delivery in D1 instead (local, tests). */
  endpoint: string;
  fetch: typeof fetch;
}

async function deliver(db: D1Database, record: DeliveryRecord, config: DeliveryConfig): Promise<void> {
  if (config.endpoint === "") {
    await db
      .prepare("INSERT INTO form_deliveries (record_kind, record_id, endpoint) VALUES (?, ?, 'local')")
      .bind(record.kind, record.id)
      .run();
    return;
  }
  const { status: _status, ...body } = record;
  const response = await config.fetch(config.endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": `${record.kind}:${record.id}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`delivery endpoint answered ${response.status}`);
}

async function handleMessage(message: Message<unknown>, deadLetter: boolean, env: Env, config: DeliveryConfig) {
  const parsed = v.safeParse(DeliveryMessageSchema, message.body);
  if (!parsed.success) {
    console.warn(`Delivery message ${message.id} is malformed and was dropped`);
    message.ack();
    return;
  }
  const body: DeliveryMessage = parsed.output;
  if (deadLetter) {
    await markDead(env.DB, body, "dead-lettered by the queue");
    message.ack();
    return;
  }
  const record = await loadDeliveryRecord(env.DB, body);
  if (!record || record.status !== "pending") {
    message.ack();
    return;
  }
  try {
    await deliver(env.DB, record, config);
    await recordDeliveryAttempt(env.DB, body, { status: "delivered", error: null });
    message.ack();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const dead = message.attempts >= MAX_DELIVERY_ATTEMPTS;
    console.warn(`Delivery of ${body.kind} ${body.id} failed (attempt ${message.attempts}): ${reason}`);
    await recordDeliveryAttempt(env.DB, body, { status: dead ? "dead" : "pending", error: reason });
    if (dead) message.ack();
    else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/**
 * The delivery queue's consumer: forwards each stored record once, retries failures with
 * backoff, and records `delivered` or `dead` in D1 so no submission silently disappears.
 */
export async function handleDeliveryBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  config: DeliveryConfig = { endpoint: env.FORMS_DELIVERY_URL, fetch: (input, init) => fetch(input, init) },
): Promise<void> {
  const deadLetter = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  for (const message of batch.messages) {
    try {
      await handleMessage(message, deadLetter, env, config);
    } catch (error) {
      // D1 itself failed: leave the message to the queue's retries rather than losing it.
      console.error(`Delivery message ${message.id} could not be processed`, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
