import { env } from "cloudflare:workers";
import { request } from "#tests/harness.ts";

/**
 * Helpers for the forms' workerd tests (never imported by the Worker itself): valid bodies,
 * requests that look like the site's own browser posts, and D1 read-backs.
 */

export const ORIGIN = "http://arena.test";

export const validContact = {
  name: "Ana",
  surname: "García",
  email: "ana@example.com",
  phone: "+34 600 000 000",
  subject: "Accesibilidad",
  message: "¿Hay plazas para sillas de ruedas?",
  privacyAcceptance: true,
  communicationConsent: true,
};

export const validHospitality = {
  name: "Marc",
  surname: "Soler",
  email: "marc@example.com",
  phone: "+34 611 111 111",
  companyType: "company",
  companyName: "Soler SL",
  cif: "B12345678",
  companyPosition: "Director",
  interestedIn: "boxes",
  interestProduct: "palco-vip-12",
  event: "",
  message: "Queremos un palco para la temporada.",
  privacyAcceptance: true,
  marketingConsent: true,
};

export const validRefundFields: Record<string, string> = {
  name: "Laura",
  surname: "Pérez",
  email: "laura@example.com",
  phone: "600222333",
  purchaseCode: "ABC-123",
  event: "Concierto de invierno",
  eventDate: "2026-12-20",
  refundReason: "illness",
  incidentDetails: "Gripe con fiebre alta.",
  incidentDate: "2026-11-18",
  privacyAcceptance: "on",
};

export const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
export const EXE_BYTES = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

export function refundForm(document: Blob | null, fields: Record<string, string> = validRefundFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (document) form.set("document", document, "justificante.pdf");
  return form;
}

let client = 0;
/** A distinct client address per call, so one test's posts never share another's rate limit. */
export function freshClient(): string {
  client += 1;
  return `198.51.100.${client % 250}-${Date.now()}-${client}`;
}

export interface PostOptions {
  headers?: Record<string, string>;
  client?: string;
}

/** POSTs to the real Worker as the site's own page would (same Origin). */
export function post(path: string, body: BodyInit, contentType: string | null, options: PostOptions = {}) {
  const headers: Record<string, string> = {
    Origin: ORIGIN,
    "CF-Connecting-IP": options.client ?? freshClient(),
    ...options.headers,
  };
  if (contentType) headers["Content-Type"] = contentType;
  return request(path, { method: "POST", headers, body });
}

export function postJson(path: string, body: unknown, options: PostOptions = {}) {
  return post(path, JSON.stringify(body), "application/json", options);
}

export async function countRows(table: "form_submissions" | "newsletter_subscriptions"): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The submissions sent with `key`: each is stored under it scoped by its content (submit.ts). */
export async function submissionsByKey(key: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, kind, lang, payload, document_key, delivery_status FROM form_submissions WHERE substr(idempotency_key, 1, length(?1) + 1) = ?1 || '.' ORDER BY created_at",
  )
    .bind(key)
    .all<{
      id: string;
      kind: string;
      lang: string;
      payload: string;
      document_key: string | null;
      delivery_status: string;
    }>();
  return results;
}
