import { Hono } from "hono";
import { describe, expect, it } from "vitest";
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

  it("refuses a declared length past the bound without reading it", async () => {
    const { stream, counter } = countingStream(1024 * CHUNK);
    const res = await mount().request("http://arena.test/forgot", {
      method: "POST",
      body: stream,
      headers: { "Content-Length": String(1024 * CHUNK) },
    });
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK);
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
