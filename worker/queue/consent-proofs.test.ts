import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleConsentBatch, proofRetryDelaySeconds, type ConsentProof } from "./consent-proofs";

const QUEUE = "arena-consent-proofs";

function proof(overrides: Partial<ConsentProof> = {}): ConsentProof {
  return {
    proofId: crypto.randomUUID(),
    consentId: crypto.randomUUID(),
    action: "custom",
    preferences: true,
    analytics: false,
    advertising: true,
    policyVersion: 1,
    lang: "val",
    decidedAt: "2026-11-29T01:02:03.456Z",
    ...overrides,
  };
}

async function consume(bodies: unknown[], attempts = 1) {
  const batch = createMessageBatch(
    QUEUE,
    bodies.map((body, i) => ({ id: `msg-${i}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await handleConsentBatch(batch, env);
  return getQueueResult(batch, ctx);
}

const rows = async () =>
  (
    await env.DB.prepare(
      "SELECT proof_id, consent_id, action, preferences, analytics, advertising, lang, decided_at FROM consent_records ORDER BY decided_at, proof_id",
    ).all()
  ).results;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM consent_records").run();
});
afterEach(() => vi.restoreAllMocks());

describe("the consent proofs' consumer", () => {
  it("writes a whole batch in one D1 batch and acknowledges every message", async () => {
    const proofs = Array.from({ length: 100 }, (_, i) =>
      proof({ decidedAt: new Date(Date.UTC(2026, 10, 29, 0, 0, i)).toISOString() }),
    );
    const batches = vi.spyOn(env.DB, "batch");
    const result = await consume(proofs);
    expect(batches).toHaveBeenCalledTimes(1);
    expect(result.explicitAcks).toHaveLength(100);
    expect(result.retryMessages).toEqual([]);
    const written = await rows();
    expect(written).toHaveLength(100);
    expect(written[0]).toEqual({
      proof_id: proofs[0]!.proofId,
      consent_id: proofs[0]!.consentId,
      action: "custom",
      preferences: 1,
      analytics: 0,
      advertising: 1,
      lang: "val",
      decided_at: proofs[0]!.decidedAt,
    });
  });

  it("hands every message back while D1 refuses writes, and the replay writes each proof exactly once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const proofs = [proof(), proof({ action: "reject-all", preferences: false, advertising: false })];
    await env.DB.exec("ALTER TABLE consent_records RENAME TO consent_records_away");
    let down;
    try {
      down = await consume(proofs);
    } finally {
      await env.DB.exec("ALTER TABLE consent_records_away RENAME TO consent_records");
    }
    expect(down.explicitAcks).toEqual([]);
    expect(down.retryMessages.map((m) => m.msgId)).toEqual(["msg-0", "msg-1"]);
    expect(await rows()).toEqual([]);

    // The queue redelivers (at least once: a message may come twice).
    const replay = await consume(proofs, 2);
    expect(replay.explicitAcks).toEqual(["msg-0", "msg-1"]);
    const again = await consume(proofs, 3);
    expect(again.explicitAcks).toEqual(["msg-0", "msg-1"]);
    expect((await rows()).map((row) => row.proof_id).sort()).toEqual(proofs.map((p) => p.proofId).sort());
  });

  it("drops a malformed message without holding back the valid ones", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const good = proof();
    const result = await consume([{ proofId: "x", lang: "fr" }, good]);
    expect(result.explicitAcks.sort()).toEqual(["msg-0", "msg-1"]);
    expect((await rows()).map((row) => row.proof_id)).toEqual([good.proofId]);
  });

  it("backs off from 2 seconds to at most 20 minutes, so the queue's 100 retries outlast a day of D1 down", () => {
    const delays = Array.from({ length: 100 }, (_, i) => proofRetryDelaySeconds(i + 1));
    expect(delays.slice(0, 4)).toEqual([2, 4, 8, 16]);
    expect(Math.max(...delays)).toBe(1200);
    const seconds = delays.reduce((sum, delay) => sum + delay, 0);
    expect(seconds).toBeGreaterThan(24 * 3600);
    // The dead-letter queue's 100 more, and both inside the 4 days a queue keeps a message.
    expect(2 * seconds).toBeLessThan(4 * 24 * 3600);
  });
});
