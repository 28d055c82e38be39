import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { postJson, validContact } from "#tests/forms.ts";
import { handleDeliveryBatch, MAX_DELIVERY_ATTEMPTS, retryDelaySeconds } from "./deliveries";

const QUEUE = "arena-form-deliveries";

/** A stored submission written straight to D1, so the live consumer never races the test. */
async function storedSubmission(): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO form_submissions (id, kind, idempotency_key, lang, payload) VALUES (?, 'contact', ?, 'en', ?)",
  )
    .bind(id, `test-${id}`, JSON.stringify({ name: "Ana", email: "ana@example.com" }))
    .run();
  return id;
}

async function deliveryState(id: string) {
  return env.DB.prepare(
    "SELECT delivery_status, delivery_attempts, last_delivery_error FROM form_submissions WHERE id = ?",
  )
    .bind(id)
    .first<{ delivery_status: string; delivery_attempts: number; last_delivery_error: string | null }>();
}

async function consume(
  queue: string,
  body: unknown,
  attempts: number,
  config?: Parameters<typeof handleDeliveryBatch>[2],
) {
  const batch = createMessageBatch(queue, [{ id: "msg-1", timestamp: Date.now(), attempts, body }]);
  const ctx = createExecutionContext();
  await handleDeliveryBatch(batch, env, config);
  return getQueueResult(batch, ctx);
}

describe("the delivery consumer", () => {
  it("records the delivery locally when no endpoint is configured", async () => {
    const id = await storedSubmission();
    const result = await consume(QUEUE, { kind: "contact", id }, 1);
    expect(result.explicitAcks).toEqual(["msg-1"]);
    expect(await deliveryState(id)).toEqual({
      delivery_status: "delivered",
      delivery_attempts: 1,
      last_delivery_error: null,
    });
    const logged = await env.DB.prepare("SELECT endpoint FROM form_deliveries WHERE record_id = ?").bind(id).all();
    expect(logged.results).toEqual([{ endpoint: "local" }]);
  });

  it("posts the record to the configured endpoint", async () => {
    const id = await storedSubmission();
    const fetcher = vi.fn<typeof fetch>(async () => new Response(null, { status: 202 }));
    const result = await consume(QUEUE, { kind: "contact", id }, 1, {
      endpoint: "https://crm.example/hook",
      fetch: fetcher,
    });
    expect(result.explicitAcks).toEqual(["msg-1"]);
    const [url, init] = fetcher.mock.calls[0] ?? [];
    expect(url).toBe("https://crm.example/hook");
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBe(`contact:${id}`);
    expect(JSON.parse(String(init?.body))).toMatchObject({ kind: "contact", id, payload: { name: "Ana" } });
    expect((await deliveryState(id))?.delivery_status).toBe("delivered");
  });

  it("retries a failed delivery with backoff, then records it dead", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const id = await storedSubmission();
    const failing = { endpoint: "https://crm.example/hook", fetch: async () => new Response("down", { status: 503 }) };
    const first = await consume(QUEUE, { kind: "contact", id }, 1, failing);
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages.map((m) => m.msgId)).toEqual(["msg-1"]);
    expect(await deliveryState(id)).toEqual({
      delivery_status: "pending",
      delivery_attempts: 1,
      last_delivery_error: "delivery endpoint answered 503",
    });
    const last = await consume(QUEUE, { kind: "contact", id }, MAX_DELIVERY_ATTEMPTS, failing);
    expect(last.explicitAcks).toEqual(["msg-1"]);
    expect(last.retryMessages).toEqual([]);
    expect((await deliveryState(id))?.delivery_status).toBe("dead");
  });

  it("marks dead-lettered messages dead, and drops malformed ones", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const id = await storedSubmission();
    const dead = await consume(`${QUEUE}-dlq`, { kind: "contact", id }, 7);
    expect(dead.explicitAcks).toEqual(["msg-1"]);
    expect(await deliveryState(id)).toMatchObject({
      delivery_status: "dead",
      last_delivery_error: "dead-lettered by the queue",
    });
    const malformed = await consume(QUEUE, { kind: "fax", id: 1 }, 1);
    expect(malformed.explicitAcks).toEqual(["msg-1"]);
  });

  it("leaves a message to the queue's retries when D1 itself fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const id = await storedSubmission();
    await env.DB.exec("ALTER TABLE form_submissions RENAME TO form_submissions_away");
    try {
      const result = await consume(QUEUE, { kind: "contact", id }, 1);
      expect(result.retryMessages.map((m) => m.msgId)).toEqual(["msg-1"]);
    } finally {
      await env.DB.exec("ALTER TABLE form_submissions_away RENAME TO form_submissions");
    }
    expect(logged).toHaveBeenCalled();
  });
});

describe("retry backoff", () => {
  it("doubles from 30 seconds up to 15 minutes", () => {
    expect([1, 2, 3, 6, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 900, 900]);
  });
});

describe("the whole path through the real local queue", () => {
  it("delivers a submission sent to the API without anything else doing it", async () => {
    const res = await postJson("/api/forms/contact", validContact);
    const { id } = await res.json<{ id: string }>();
    let status: string | undefined;
    for (let i = 0; i < 50 && status !== "delivered"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await deliveryState(id))?.delivery_status;
    }
    expect(status).toBe("delivered");
  });
});
