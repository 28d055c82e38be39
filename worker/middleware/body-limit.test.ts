import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { BODY_LIMIT, createApp } from "#worker/app.ts";
import { BROWSER_UA, request, SITE_ORIGIN } from "#tests/harness.ts";
import type { AppEnv } from "#worker/types.ts";
import { bodyBound, bodyLimit } from "./body-limit";
import { countingStream as countingStreamOf } from "#tests/counting-stream.ts";

const CHUNK = 1024;

const countingStream = (total: number) => countingStreamOf(total, CHUNK);

/** A mount with the bound, one route that forgot its own limit and one that declares a tighter one. */
function mount() {
  const app = new Hono<AppEnv>();
  app.use(bodyBound({ maxBytes: 8 * CHUNK }));
  app.post("/forgot", async (c) => c.json({ length: (await c.req.text().catch(() => "")).length }));
  app.post("/tight", bodyLimit({ maxBytes: 2 * CHUNK }), async (c) => c.json({ length: (await c.req.text()).length }));
  return app;
}

const post = (path: string, body: ReadableStream<Uint8Array> | string) =>
  mount().request(`http://arena.test${path}`, { method: "POST", body });

describe("the bound on every body of a mount", () => {
  it("stops a route that reads its body without a limit at the bound, with a 413", async () => {
    const { stream, counter } = countingStream(1024 * CHUNK);
    const res = await post("/forgot", stream);
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(8 * CHUNK + 2 * CHUNK);
    expect(counter.cancelled).toBe(true);
  });

  it("stops a declared length past the bound at the bound, and lets a route's own limit refuse it unread", async () => {
    const declared = (path: string) => {
      const { stream, counter } = countingStream(1024 * CHUNK);
      const headers = { "Content-Length": String(1024 * CHUNK) };
      return { counter, res: mount().request(`http://arena.test${path}`, { method: "POST", body: stream, headers }) };
    };
    const forgot = declared("/forgot");
    expect((await forgot.res).status).toBe(413);
    expect(forgot.counter.pulled).toBeLessThanOrEqual(8 * CHUNK + 2 * CHUNK);
    // The route answers in its own shape: the bound does not answer for it before it reads.
    const tight = declared("/tight");
    expect((await tight.res).status).toBe(413);
    expect(tight.counter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("lets a route's tighter limit stop the stream at its own limit", async () => {
    const { stream, counter } = countingStream(1024 * CHUNK);
    const res = await post("/tight", stream);
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(2 * CHUNK + 2 * CHUNK);
  });

  it("hands a body within the bound to the route whole", async () => {
    const res = await post("/forgot", "a".repeat(5 * CHUNK));
    expect(await res.json()).toEqual({ length: 5 * CHUNK });
  });
});

describe("the Worker's bound on every body, page forms included", () => {
  /** The Worker with a page action that reads its whole body and forgot any limit of its own. */
  const forgetful = createApp(async (request) => new Response(String((await request.text().catch(() => "")).length)));

  const postStream = async (path: string, total: number) => {
    const { stream, counter } = countingStreamOf(total, 64 * CHUNK);
    const ctx = createExecutionContext();
    const response = await forgetful.fetch(
      new Request(`http://arena.test${path}`, {
        method: "POST",
        body: stream,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      }),
      env,
      ctx,
    );
    const text = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, text, counter };
  };

  it("stops a page action that reads its body without a limit at the bound, with a 413", async () => {
    for (const path of ["/es/contact/?form=contact", "/en/dashboard/settings/", "/val/some-new-page/"]) {
      const { response, counter } = await postStream(path, 4 * BODY_LIMIT);
      expect(response.status, path).toBe(413);
      expect(counter.pulled, path).toBeLessThanOrEqual(BODY_LIMIT + 2 * 64 * CHUNK);
    }
  });

  it("leaves a page form's own limit to answer a body declared past the bound: its page, not the API's JSON", async () => {
    const size = BODY_LIMIT + CHUNK;
    const response = await request("/val/ticket-service/?form=refund-request", {
      method: "POST",
      body: "a".repeat(size),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(size),
        Origin: SITE_ORIGIN,
        "User-Agent": BROWSER_UA,
      },
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  });

  it("hands a page action a body within the bound whole", async () => {
    const { response, text } = await postStream("/es/contact/?form=contact", 3 * 64 * CHUNK);
    expect(response.status).toBe(200);
    expect(text).toBe(String(3 * 64 * CHUNK));
  });
});
