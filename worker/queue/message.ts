import * as v from "valibot";

/**
 * What travels through the delivery queue: which record to forward, never its content (the
 * consumer reads the record from D1, so no personal data sits in the queue and a message is
 * always small). For newsletter sign-ups `id` is the subscription's idempotency key.
 */
export const DeliveryMessageSchema = v.object({
  kind: v.picklist(["contact", "hospitality", "refund-request", "newsletter"]),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
});
export type DeliveryMessage = v.InferOutput<typeof DeliveryMessageSchema>;

/**
 * Queues a stored record for delivery. The record is already safe in D1, so a queue outage
 * does not fail the submission: it is logged and the record stays `pending` for a re-send.
 */
export async function enqueueDelivery(queue: Queue, message: DeliveryMessage): Promise<void> {
  try {
    await queue.send(message, { contentType: "json" });
  } catch (error) {
    console.error(`Delivery of ${message.kind} ${message.id} could not be queued`, error);
  }
}
