const encoder = new TextEncoder();

/** Lowercase hex of some bytes. */
function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares every character whatever the first difference, so timing reveals nothing of the expected value. */
export function constantTimeEqual(expected: string, given: string): boolean {
  if (expected.length !== given.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i += 1) difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0;
}

/**
 * Whether a secret value given by a caller equals the configured one, in constant time: both are
 * hashed first, so neither the first difference nor the expected length shows in the timing.
 */
export async function secretsEqual(expected: string, given: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256Hex(expected), sha256Hex(given)]);
  return constantTimeEqual(a, b);
}

async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** Hex SHA-1 of a string (Storyblok's preview token check). */
export async function sha1Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-1", encoder.encode(text)));
}

/** Hex HMAC-SHA1 of raw bytes (Storyblok's webhook signature). */
export async function hmacSha1Hex(secret: string, body: ArrayBuffer): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-1" }, false, [
    "sign",
  ]);
  return toHex(await crypto.subtle.sign("HMAC", key, body));
}
