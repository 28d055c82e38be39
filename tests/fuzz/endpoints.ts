import { MEMBER_FORM_BODY_LIMIT } from "#app/lib/request-body.ts";
import { CONSENT_BODY_LIMIT } from "#worker/api/consent.ts";
import { LOCALE_BODY_LIMIT } from "#worker/api/index.ts";
import { PROFILE_BODY_LIMIT } from "#worker/api/me.ts";
import { SESSION_BODY_LIMIT } from "#worker/api/session.ts";
import { IMPORT_BODY_LIMIT } from "#worker/api/tickets.ts";
import { MAX_BODY_BYTES as WEBHOOK_BODY_LIMIT } from "#worker/api/webhooks.ts";
import { hmacSha1Hex } from "#worker/services/content/signatures.ts";
import { REFUND_BODY_LIMIT, TEXT_BODY_LIMIT } from "#worker/services/forms/submit.ts";
import { freshClient, validContact, validHospitality, validRefundFields } from "#tests/forms.ts";
import { idTokenClaims, type TestKey, signIdToken } from "#tests/mocks/google-keys/index.ts";
import { SITE_ORIGIN } from "#tests/harness.ts";

/**
 * Every state-changing endpoint of the site, API and page actions alike, with a body it would
 * accept and how a caller authenticates. The fuzz suites (prototype keys, control characters,
 * hostile headers, streamed oversize bodies) run over this one table; a new endpoint belongs here.
 */

export type Auth = "none" | "member" | "member-cookie" | "import" | "webhook";

export interface Endpoint {
  method: "POST" | "PATCH" | "DELETE";
  path: string;
  encoding: "json" | "form" | "none";
  auth: Auth;
  /** A body the endpoint would accept (the fuzzers mutate it). */
  valid: Record<string, unknown>;
  /** The most bytes it reads (null when it reads no body). */
  limit: number | null;
}

/**
 * Page routes with an action that only a verified editor preview may call: the edge refuses every
 * other request before the route reads a byte (worker/middleware/preview.ts). The fuzz suites,
 * which call as visitors, would only ever see that refusal; their signed calls, body limit and
 * refusals are tested in worker/middleware/preview.test.ts.
 */
export const PREVIEW_ONLY_ROUTES: readonly string[] = ["preview-input"];

export const IMPORT_KEY = "fuzz-import-key-0123456789";
/** Stands for a freshly signed member token in a body (the session endpoint's). */
export const MEMBER_TOKEN = "<member token>";
export const WEBHOOK_SECRET = "fuzz-webhook-secret";

const profile = {
  name: "Ana",
  surname: "García",
  phone: "+34 600 000 000",
  birthdate: "1990-05-17",
  address: "Calle Mayor 1, Valencia",
};

const importedTicket = {
  id: "FUZZ-1",
  email: "buyer@example.com",
  eventSlug: "rock-night-2027",
  eventName: "Rock Night",
  eventStartsAt: "2027-03-01T20:00:00+01:00",
  purchasedAt: "2026-11-01T10:15:00Z",
  priceCents: 4550,
  currency: "EUR",
  seat: "Floor B",
};

export const ENDPOINTS: Endpoint[] = [
  {
    method: "POST",
    path: "/api/__session",
    encoding: "json",
    auth: "none",
    valid: { token: MEMBER_TOKEN },
    limit: SESSION_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/api/locale",
    encoding: "json",
    auth: "none",
    valid: { lang: "en" },
    limit: LOCALE_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/api/consent",
    encoding: "json",
    auth: "none",
    valid: { action: "custom", choices: { preferences: true, analytics: false, advertising: false }, lang: "es" },
    limit: CONSENT_BODY_LIMIT,
  },
  {
    method: "PATCH",
    path: "/api/me",
    encoding: "json",
    auth: "member",
    valid: { ...profile, lang: "val" },
    limit: PROFILE_BODY_LIMIT,
  },
  { method: "DELETE", path: "/api/me", encoding: "none", auth: "member", valid: {}, limit: null },
  { method: "DELETE", path: "/api/me/sessions", encoding: "none", auth: "member", valid: {}, limit: null },
  { method: "DELETE", path: "/api/me/sessions/others", encoding: "none", auth: "member", valid: {}, limit: null },
  {
    method: "POST",
    path: "/api/tickets/import",
    encoding: "json",
    auth: "import",
    valid: { tickets: [importedTicket] },
    limit: IMPORT_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/api/webhooks/storyblok",
    encoding: "json",
    auth: "webhook",
    valid: { action: "published", space_id: 1, story_id: 1, full_slug: "es/fuzz", text: "published" },
    limit: WEBHOOK_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/api/forms/contact",
    encoding: "json",
    auth: "none",
    valid: validContact,
    limit: TEXT_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/api/forms/hospitality",
    encoding: "json",
    auth: "none",
    valid: validHospitality,
    limit: TEXT_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/api/forms/refund-request",
    encoding: "json",
    auth: "none",
    valid: validRefundFields,
    limit: REFUND_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/api/newsletter",
    encoding: "json",
    auth: "none",
    valid: { email: "fuzz@example.com", consent: true },
    limit: TEXT_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/es/contact/?form=contact",
    encoding: "form",
    auth: "none",
    valid: validContact,
    limit: TEXT_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/en/hospitality/?form=hospitality",
    encoding: "form",
    auth: "none",
    valid: validHospitality,
    limit: TEXT_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/val/ticket-service/?form=refund-request",
    encoding: "form",
    auth: "none",
    valid: validRefundFields,
    limit: REFUND_BODY_LIMIT,
  },
  {
    // The home page's action (the footer's form may post to any content page).
    method: "POST",
    path: "/val/?form=newsletter",
    encoding: "form",
    auth: "none",
    valid: { email: "fuzz@example.com", consent: "on" },
    limit: TEXT_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/es/newsletter/?form=newsletter",
    encoding: "form",
    auth: "none",
    valid: { email: "fuzz@example.com", consent: "on" },
    limit: TEXT_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/es/dashboard/settings/",
    encoding: "form",
    auth: "member-cookie",
    valid: { lang: "en" },
    limit: MEMBER_FORM_BODY_LIMIT,
  },
  {
    method: "POST",
    path: "/en/dashboard/user-information/",
    encoding: "form",
    auth: "member-cookie",
    valid: profile,
    limit: MEMBER_FORM_BODY_LIMIT,
  },
];

let member = 0;

/** A freshly signed-in member of their own (so deleting or revoking one never affects another case). */
export async function memberToken(key: TestKey): Promise<string> {
  member += 1;
  const uid = `fuzz-member-${member}-${Date.now()}`;
  return signIdToken(key, idTokenClaims({ sub: uid, email: `${uid}@example.com` }));
}

/** The headers a request needs to get past authentication and the same-site rule, before `extra`. */
export async function requestHeaders(
  endpoint: Endpoint,
  key: TestKey,
  body: Uint8Array | null,
  extra: Record<string, string> = {},
): Promise<Headers> {
  const headers = new Headers({
    Origin: SITE_ORIGIN,
    "Sec-Fetch-Site": "same-origin",
    "CF-Connecting-IP": freshClient(),
    "Accept-Language": "en",
  });
  if (endpoint.encoding === "json") headers.set("Content-Type", "application/json");
  if (endpoint.auth === "member") headers.set("Authorization", `Bearer ${await memberToken(key)}`);
  if (endpoint.auth === "member-cookie") headers.set("Cookie", `__session=${await memberToken(key)}`);
  if (endpoint.auth === "import") headers.set("Authorization", `Bearer ${IMPORT_KEY}`);
  if (endpoint.auth === "webhook") {
    const bytes = body ?? new Uint8Array();
    headers.set("webhook-signature", await hmacSha1Hex(WEBHOOK_SECRET, bytes.slice().buffer));
  }
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return headers;
}

/** The environment the fuzzers run the site with: their own key URL, import key and webhook secret. */
export function fuzzEnv(keysUrl: string) {
  return { GOOGLE_KEYS_URL: keysUrl, TICKETS_IMPORT_API_KEY: IMPORT_KEY, STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET };
}

export const url = (endpoint: Endpoint) => `${SITE_ORIGIN}${endpoint.path}`;

/** The endpoint's valid body with a real member token where the table has MEMBER_TOKEN. */
export async function validBody(endpoint: Endpoint, key: TestKey): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = { ...endpoint.valid };
  for (const [name, value] of Object.entries(body)) if (value === MEMBER_TOKEN) body[name] = await memberToken(key);
  return body;
}
