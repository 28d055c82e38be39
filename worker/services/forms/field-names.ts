/**
 * Field names outside the schemas: the honeypot bots fill in, and the idempotency key. Written
 * by app/components/forms/form-shell.tsx; read by the submission and by the page cache, which
 * gives each response of a cached page its own keys.
 */
export const HONEYPOT_FIELD = "website";
export const IDEMPOTENCY_FIELD = "idempotencyKey";
