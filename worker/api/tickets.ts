import { Hono } from "hono";
import * as v from "valibot";
import { dictionary } from "#app/lib/own-keys.ts";
import { bodyLimit } from "#worker/middleware/body-limit.ts";
import type { AppEnv } from "#worker/types.ts";
import { apiError } from "./errors";

/** The most tickets one import request may carry; the platform pages larger exports. */
export const MAX_TICKETS_PER_IMPORT = 500;
/** 500 tickets at their longest fields fit in well under this. */
export const IMPORT_BODY_LIMIT = 1024 * 1024;

const isoInstant = v.pipe(
  v.string(),
  v.isoTimestamp(),
  v.transform((value) => new Date(value).toISOString()),
);

/** A label printed on the ticket (seat, section, entrance), shown as sent in every language. */
const printedLabel = v.pipe(v.string(), v.trim(), v.maxLength(100));

/**
 * The code the gate scanners read: printable ASCII without spaces, as barcode and QR systems
 * issue them. Up to 256 characters still draws a QR code a phone screen shows at scanning size.
 * Empty (or absent) while the platform has not issued it: the ticket page then says so.
 */
const ticketCode = v.pipe(v.string(), v.trim(), v.regex(/^[\x21-\x7e]{0,256}$/));

/** One ticket as the ticketing platform sends it (see docs/tickets-import.md). */
const ImportedTicket = v.strictObject({
  id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(128)),
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.minLength(2), v.maxLength(255)),
  eventSlug: v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9][a-z0-9-/]{0,199}$/)),
  eventName: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  eventStartsAt: isoInstant,
  purchasedAt: isoInstant,
  priceCents: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000)),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)), "EUR"),
  seat: v.optional(printedLabel, ""),
  section: v.optional(printedLabel, ""),
  entrance: v.optional(printedLabel, ""),
  code: v.optional(ticketCode, ""),
});

const ImportBody = v.strictObject({
  tickets: v.pipe(v.array(ImportedTicket), v.minLength(1), v.maxLength(MAX_TICKETS_PER_IMPORT)),
});

const ImportEnv = v.object({ TICKETS_IMPORT_API_KEY: v.optional(v.string(), "") });

/**
 * Compares the presented key with the secret without leaking where they differ: both are hashed
 * to 32 bytes and every byte is compared.
 */
async function keysMatch(presented: string, secret: string): Promise<boolean> {
  const digest = async (value: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  const [a, b] = await Promise.all([digest(presented), digest(secret)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** Turns valibot issues into `{ "tickets.3.email": ["…"] }` so the platform sees which ticket failed. */
function issueFields(issues: v.BaseIssue<unknown>[]): Record<string, string[]> {
  const fields = dictionary<string[]>();
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)).join(".") || "_body";
    (fields[path] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * `POST /api/tickets/import`: the ticketing platform pushes tickets with
 * `Authorization: Bearer <TICKETS_IMPORT_API_KEY>`. The body is validated as a whole (nothing is
 * written if one ticket is invalid) and upserted by ticket id, so resending a batch is harmless.
 */
export function ticketRoutes() {
  const api = new Hono<AppEnv>();

  api.post("/tickets/import", bodyLimit({ maxBytes: IMPORT_BODY_LIMIT }), async (c) => {
    const { TICKETS_IMPORT_API_KEY: secret } = v.parse(ImportEnv, c.env);
    // Without a configured key the endpoint is closed, never open.
    if (secret === "") return apiError(c, 503, "import_disabled", "AUTH.IMPORT_DISABLED");
    const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1] ?? "";
    if (!(await keysMatch(presented, secret))) {
      const refused = apiError(c, 401, "unauthenticated", "AUTH.INVALID_API_KEY");
      refused.headers.set("WWW-Authenticate", 'Bearer realm="tickets-import"');
      return refused;
    }
    const parsed = v.safeParse(ImportBody, await c.req.json().catch(() => null));
    if (!parsed.success) return apiError(c, 422, "validation", "FORM.BAD_REQUEST", issueFields(parsed.issues));

    const upsert = c.env.DB.prepare(
      `INSERT INTO tickets (id, email, event_slug, event_name, event_starts_at, purchased_at, price_cents, currency, seat,
         section, entrance, code)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
       ON CONFLICT (id) DO UPDATE SET email = ?2, event_slug = ?3, event_name = ?4, event_starts_at = ?5,
         purchased_at = ?6, price_cents = ?7, currency = ?8, seat = ?9, section = ?10, entrance = ?11, code = ?12`,
    );
    const { tickets } = parsed.output;
    await c.env.DB.batch(
      tickets.map((t) =>
        upsert.bind(
          t.id,
          t.email,
          t.eventSlug,
          t.eventName,
          t.eventStartsAt,
          t.purchasedAt,
          t.priceCents,
          t.currency,
          t.seat,
          t.section,
          t.entrance,
          t.code,
        ),
      ),
    );
    return c.json({ imported: tickets.length }, 200, { "Cache-Control": "no-store" });
  });

  return api;
}
