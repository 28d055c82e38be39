import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countedRequest, opsCountingOn } from "./bench-mode";

describe("the benchmark's operation counting", () => {
  it("is never on in production, whatever OPS_COUNT says", () => {
    expect(opsCountingOn({ ...env, OPS_COUNT: "on", APP_ENV: "production" })).toBe(false);
    expect(opsCountingOn({ ...env, OPS_COUNT: "", APP_ENV: "development" })).toBe(false);
    expect(opsCountingOn({ ...env, OPS_COUNT: "on", APP_ENV: "development" })).toBe(true);
  });

  it("sums each label's operations, background work included, and answers them at /__ops", async () => {
    const handler = async (_request: Request, counted: Env, ctx: ExecutionContext) => {
      await counted.CACHE.get("bench-mode-test");
      ctx.waitUntil(counted.CACHE.put("bench-mode-test", "1"));
      return new Response("ok");
    };
    const send = async (path: string, init: RequestInit = {}) => {
      const ctx = createExecutionContext();
      const response = await countedRequest(handler, new Request(`http://arena.test${path}`, init), env, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    await send("/__ops", { method: "DELETE" });
    for (let i = 0; i < 3; i += 1) await send("/x", { headers: { "X-Ops-Label": "page" } });
    const report = await (await send("/__ops")).json();
    expect(report).toEqual({
      pending: 0,
      labels: { page: { requests: 3, messages: 0, counts: { "kv.read": 3, "kv.write": 3 } } },
    });
  });
});
