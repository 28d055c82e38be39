import { IDEMPOTENCY_FIELD } from "#worker/services/forms/field-names.ts";

/**
 * What must differ between two responses of the same cached page: the CSP nonce, and each form's
 * idempotency key. A key shared by every visitor of a cached page made a second person's post a
 * "retry" of the first one's (docs/forms.md, "Idempotency keys"). A page is stored with its keys
 * emptied and gets fresh ones on every response, as it gets the request's nonce.
 */
const KEY_VALUE = new RegExp(`(name="${IDEMPOTENCY_FIELD}" value=")[^"]*"`, "g");
const EMPTIED_KEY = `name="${IDEMPOTENCY_FIELD}" value=""`;

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** The page as the cache stores it: no response's keys in it. */
export function storedCopy(html: string): string {
  return html.replace(KEY_VALUE, '$1"');
}

/** The stored page with its content alone: what the ETag is computed on. */
export function contentOnly(stored: string, storedNonce: string): string {
  return stored.replaceAll(nonceAttribute(storedNonce), 'nonce=""');
}

/** The stored page as one response sends it: this request's nonce and a new key for each form. */
export function responseCopy(stored: string, storedNonce: string, nonce: string): string {
  const withNonce = storedNonce ? stored.replaceAll(nonceAttribute(storedNonce), nonceAttribute(nonce)) : stored;
  return withNonce.replaceAll(EMPTIED_KEY, () => `name="${IDEMPOTENCY_FIELD}" value="${crypto.randomUUID()}"`);
}
