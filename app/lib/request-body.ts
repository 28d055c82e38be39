/**
 * Reading a request body without trusting its size: the one place where the server turns a
 * body stream into bytes. The limit is enforced while reading, so a chunked body with no
 * Content-Length (or a lying one) is never read past `limit`: the stream is cancelled at the
 * first chunk over it. Every API route, the webhook and every page action read through here.
 */

/** The body's bytes, or null once it is longer than `limit` bytes (the rest is never pulled). */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => {});
    return null;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export type FormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 413 };

/** A page action's form (URL-encoded or multipart) read within `limit` bytes: 413 past it, 400 when malformed. */
export async function readFormWithin(request: Request, limit: number): Promise<FormRead> {
  const body = await readBodyWithin(request, limit);
  if (!body) return { ok: false, status: 413 };
  try {
    const contentType = request.headers.get("Content-Type") ?? "";
    return { ok: true, form: await new Response(body, { headers: { "Content-Type": contentType } }).formData() };
  } catch {
    return { ok: false, status: 400 };
  }
}

/** The most a dashboard form (personal data, settings) may send: a few short text fields. */
export const MEMBER_FORM_BODY_LIMIT = 16 * 1024;
