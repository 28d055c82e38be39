import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { MessageKey } from "#app/lib/i18n.ts";
import { readBodyWithin } from "#app/lib/request-body.ts";
import { apiError } from "#worker/api/errors.ts";
import type { AppEnv } from "#worker/types.ts";

export interface BodyLimitConfig {
  /** The most bytes the route reads; one byte more is a 413 and the rest of the stream is never pulled. */
  maxBytes: number;
  /** The translated message of the 413 (a route may have its own wording). */
  message?: MessageKey;
}

/**
 * Reads the request body through the shared bounded reader before the handler runs: past
 * `maxBytes` (declared or streamed, chunked with no Content-Length included) the answer is a
 * translated `413 payload_too_large`; otherwise the handler gets the request with the bytes
 * already read, so `c.req.json()` or `arrayBuffer()` can never read an unbounded stream.
 */
export function bodyLimit(config: BodyLimitConfig) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const body = await readBodyWithin(c.req.raw, config.maxBytes);
    if (!body) {
      const message = config.message ?? "FORM.PAYLOAD_TOO_LARGE";
      throw new HTTPException(413, { res: apiError(c, 413, "payload_too_large", message) });
    }
    c.req.raw = new Request(c.req.raw, { body });
    await next();
  });
}

/**
 * A bound on every body under a mount, kept while the handler streams it: the body passes
 * through a counter that errors the stream (and cancels its source) at the first chunk past
 * `maxBytes`, and the answer is then the translated 413 whatever the handler made of the error.
 * Nothing is buffered and nothing is refused before the handler reads, so a route's own tighter
 * limit (`bodyLimit`, a page action's `readFormWithin`) answers first, in its own shape (a page
 * form's 413 is its page with the field's message), declared `Content-Length` included; a route
 * that forgets one reads at most `maxBytes`.
 */
export function bodyBound(config: BodyLimitConfig) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const tooLarge = () => apiError(c, 413, "payload_too_large", config.message ?? "FORM.PAYLOAD_TOO_LARGE");
    let total = 0;
    let exceeded = false;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          total += chunk.byteLength;
          if (total > config.maxBytes) {
            exceeded = true;
            // As an HTTPException: a handler that lets it through answers the 413 (api.onError).
            controller.error(new HTTPException(413, { res: tooLarge() }));
          } else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted });
    await next();
    if (exceeded) c.res = tooLarge();
  });
}
