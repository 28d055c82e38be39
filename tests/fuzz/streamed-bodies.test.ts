import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readBodyWithin } from "#app/lib/request-body.ts";
import { createTestKey, jwksResponse, stubOutboundFetch, type TestKey } from "#tests/mocks/google-keys/index.ts";
import { request as send } from "#tests/harness.ts";
import { ENDPOINTS, fuzzEnv, requestHeaders, url } from "./endpoints";
import { countingStream as countingStreamOf } from "#tests/counting-stream.ts";

/**
 * Limits hold on streamed bodies: a chunked body with no Content-Length, bigger than the
 * endpoint's limit, is refused with 413 after reading at most the limit (plus the chunk that
 * crossed it), on every endpoint and page action that reads a body.
 */

const CHUNK = 16 * 1024;

const countingStream = (total: number) => countingStreamOf(total, CHUNK);

const KEYS_URL = `https://keys.arena.test/${crypto.randomUUID()}/streamed.json`;
let key: TestKey;
beforeAll(async () => {
  key = await createTestKey();
});
beforeEach(() => {
  stubOutboundFetch({ [KEYS_URL]: () => jwksResponse([key]) });
});

describe("the shared bounded reader", () => {
  it("stops pulling at the first chunk past the limit and cancels the stream", async () => {
    const { stream, counter } = countingStream(50 * 1024 * 1024);
    const request = new Request("http://arena.test/", { method: "POST", body: stream });
    expect(request.headers.get("Content-Length")).toBeNull();
    expect(await readBodyWithin(request, 64 * 1024)).toBeNull();
    expect(counter.pulled).toBeLessThanOrEqual(64 * 1024 + 2 * CHUNK);
    expect(counter.cancelled).toBe(true);
  });

  it("reads a body within the limit whole", async () => {
    const { stream } = countingStream(3 * CHUNK + 5);
    const body = await readBodyWithin(new Request("http://arena.test/", { method: "POST", body: stream }), 4 * CHUNK);
    expect(body?.byteLength).toBe(3 * CHUNK + 5);
  });
});

describe("limits hold on streamed bodies with no Content-Length", () => {
  for (const endpoint of ENDPOINTS) {
    const limit = endpoint.limit;
    if (limit === null) continue;
    it(`${endpoint.method} ${endpoint.path}: 413 after reading at most its ${limit} bytes`, async () => {
      const total = limit * 3 + 4 * CHUNK;
      const { stream, counter } = countingStream(total);
      const headers = await requestHeaders(endpoint, key, null);
      headers.delete("Content-Length");
      if (endpoint.encoding === "form") headers.set("Content-Type", "application/x-www-form-urlencoded");
      const request = new Request(url(endpoint), {
        method: endpoint.method,
        headers,
        body: stream,
        redirect: "manual",
      });
      const response = await send(request, { env: fuzzEnv(KEYS_URL) });
      await response.arrayBuffer();
      expect(response.status).toBe(413);
      expect(counter.pulled).toBeLessThanOrEqual(limit + 2 * CHUNK);
      expect(counter.pulled).toBeLessThan(total);
    });
  }
});
