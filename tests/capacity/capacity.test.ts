import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BROWSER_UA, dataPath, request, type WorkerRequestInit } from "#tests/harness.ts";
import { freshClient, validContact, validHospitality, refundForm, PDF_BYTES, ORIGIN } from "#tests/forms.ts";
import {
  createTestKey,
  idTokenClaims,
  jwksResponse,
  signIdToken,
  type TestKey,
} from "#tests/mocks/google-keys/index.ts";
import { replayStoryblok, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache } from "#tests/mocks/storyblok/worker.ts";
import { forgetParsedEntries } from "#worker/services/cache/kv-cache.ts";
import { createEmbeddedContentSource } from "#worker/services/content/embedded.ts";
import { forgetSiteVersion } from "#worker/services/content/version.ts";
import { handleConsentBatch } from "#worker/queue/consent-proofs.ts";
import { handleDeliveryBatch } from "#worker/queue/deliveries.ts";
import { hmacSha1Hex } from "#worker/services/content/signatures.ts";
import { countedEnv, OpCounter, withOpCounter, type OpCounts } from "#worker/services/ops/op-counter.ts";
import { API_LANG, LANGUAGES, type Lang } from "#app/lib/languages.ts";
import expected from "./counts.json";

/*
 * The capacity table's counts (docs/capacity.md, `npm run capacity`), measured on the real Worker:
 * each request type is sent once to warm the isolate and the KV cache as a rush finds them, then
 * once more with every binding, the Cache API and outbound fetch counted. Content comes from
 * Storyblok (as in production) through a stand-in CDN built on the embedded stories. A request
 * type that gains or loses an operation fails here until tests/capacity/counts.json (and with
 * it the table) is updated.
 */

const KEYS_URL = `https://keys.arena.test/${crypto.randomUUID()}/securetoken.json`;
const WEBHOOK_SECRET = "test-webhook-secret";
const TICKETS_KEY = "capacity-tickets-key-0123456789";
const EVENT = "/en/event/marea-alta-gira-mediterrania/";
const embedded = createEmbeddedContentSource();
let key: TestKey;
let replay: Replay;

const langOf = (url: URL): Lang =>
  LANGUAGES.find((lang) => API_LANG[lang] === url.searchParams.get("language")) ?? LANGUAGES[0];

/** Answers the CDN's story and listing calls from the embedded stories (the rest from recordings). */
function cdnFromEmbedded(url: URL): Promise<Response> | Response | null {
  if (url.href === KEYS_URL) return jwksResponse([key]);
  if (url.hostname === "crm.arena.test") return new Response(null, { status: 202 });
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    Response.json({ ...(body as object), cv: 1_700_000_000, rels: [], links: [] }, { headers });
  const single = /^\/v2\/cdn\/stories\/(.+)$/.exec(url.pathname);
  if (single)
    return embedded
      .getStory(langOf(url), decodeURIComponent(single[1] ?? ""))
      .then((story) => (story ? json({ story }) : new Response("This record could not be found", { status: 404 })));
  if (url.pathname !== "/v2/cdn/stories") return null;
  const perPage = Number(url.searchParams.get("per_page") ?? 25);
  return embedded
    .listStories(langOf(url), {
      startsWith: url.searchParams.get("starts_with") ?? undefined,
      contentType: url.searchParams.get("content_type") ?? undefined,
      sortBy: url.searchParams.get("sort_by") ?? undefined,
      page: Number(url.searchParams.get("page") ?? 1),
      perPage,
    })
    .then(({ stories, total }) => json({ stories }, { total: String(total), "per-page": String(perPage) }));
}

const baseEnv = (vars: Record<string, string> = {}): Env =>
  storyblokEnv(env, {
    GOOGLE_KEYS_URL: KEYS_URL,
    STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TICKETS_IMPORT_API_KEY: TICKETS_KEY,
    PUBLIC_ORIGIN: ORIGIN,
    ...vars,
  });

const browser = (extra: Record<string, string> = {}) => ({ "User-Agent": BROWSER_UA, ...extra });
const poster = (contentType: string | null, extra: Record<string, string> = {}) => ({
  Origin: ORIGIN,
  "CF-Connecting-IP": freshClient(),
  ...(contentType ? { "Content-Type": contentType } : {}),
  ...extra,
});
/**
 * A member's session cookie, a new member each time: an isolate remembers a member's revocation
 * check for a few seconds, and in a rush most member pages are the first of their member there.
 */
const member = async () =>
  `__session=${await signIdToken(key, idTokenClaims({ sub: `member-${crypto.randomUUID()}` }))}; signed_in=1`;

interface RequestType {
  /** A row of the capacity table. */
  name: string;
  vars?: Record<string, string>;
  /** The request (made afresh for each send: bodies are read once). */
  make: () => Promise<[string, RequestInit]> | [string, RequestInit];
  status: number;
  /** Counted as a new isolate's first request: what the isolate remembers of KV is forgotten first. */
  newIsolate?: boolean;
}

const ticket = (id: string) => ({
  id,
  email: "member@example.com",
  eventSlug: "marea-alta-gira-mediterrania",
  eventName: "Marea Alta",
  eventStartsAt: "2027-03-01T20:00:00+01:00",
  purchasedAt: "2026-11-01T10:15:00Z",
  priceCents: 4550,
  currency: "EUR",
  seat: "Floor B, row 4, seat 12",
});

export const REQUEST_TYPES: RequestType[] = [
  { name: "public page, cached", vars: { PAGE_CACHE: "on" }, make: () => [EVENT, { headers: browser() }], status: 200 },
  { name: "public page, uncached", make: () => [EVENT, { headers: browser() }], status: 200 },
  {
    name: "public page, uncached, new isolate",
    make: () => [EVENT, { headers: browser() }],
    status: 200,
    newIsolate: true,
  },
  {
    // Production's miss: a URL the data centre has not cached yet (a new query each time here).
    name: "public page, page cache miss",
    vars: { PAGE_CACHE: "on" },
    make: () => [`${EVENT}?ref=${crypto.randomUUID()}`, { headers: browser() }],
    status: 200,
  },
  {
    name: "event list with filters, page cache miss",
    vars: { PAGE_CACHE: "on" },
    make: () => [`/en/events/?category=concerts&search=${crypto.randomUUID()}`, { headers: browser() }],
    status: 200,
  },
  { name: "page data (.data)", make: () => [dataPath(EVENT), { headers: browser() }], status: 200 },
  {
    name: "event list with filters",
    make: () => ["/en/events/?category=concerts&search=marea", { headers: browser() }],
    status: 200,
  },
  {
    name: "member page",
    make: async () => ["/en/dashboard/", { headers: browser({ Cookie: await member() }) }],
    status: 200,
  },
  {
    name: "sign-in exchange",
    make: async () => [
      "/api/__session",
      {
        method: "POST",
        headers: poster("application/json"),
        body: JSON.stringify({ token: await signIdToken(key, idTokenClaims()) }),
      },
    ],
    status: 200,
  },
  {
    name: "form: contact",
    make: () => [
      "/api/forms/contact",
      { method: "POST", headers: poster("application/json"), body: JSON.stringify(validContact) },
    ],
    status: 201,
  },
  {
    name: "form: hospitality",
    make: () => [
      "/api/forms/hospitality",
      { method: "POST", headers: poster("application/json"), body: JSON.stringify(validHospitality) },
    ],
    status: 201,
  },
  {
    name: "form: refund request (with a document)",
    make: () => [
      "/api/forms/refund-request",
      { method: "POST", headers: poster(null), body: refundForm(new Blob([PDF_BYTES], { type: "application/pdf" })) },
    ],
    status: 201,
  },
  {
    name: "form: newsletter",
    make: () => [
      "/api/newsletter",
      {
        method: "POST",
        headers: poster("application/json"),
        body: JSON.stringify({ email: `fan-${crypto.randomUUID()}@example.com`, consent: true, lang: "en" }),
      },
    ],
    status: 201,
  },
  {
    name: "consent",
    make: () => [
      "/api/consent",
      {
        method: "POST",
        headers: poster("application/json"),
        body: JSON.stringify({ action: "accept-all", lang: "en" }),
      },
    ],
    status: 200,
  },
  {
    name: "Storyblok webhook",
    make: async () => {
      const body = JSON.stringify({
        text: "t",
        action: "published",
        space_id: 287416,
        story_id: 1002,
        full_slug: "about",
      });
      const signature = await hmacSha1Hex(WEBHOOK_SECRET, new TextEncoder().encode(body).buffer as ArrayBuffer);
      return [
        "/api/webhooks/storyblok",
        { method: "POST", headers: { "Content-Type": "application/json", "webhook-signature": signature }, body },
      ];
    },
    status: 200,
  },
  {
    name: "tickets import (100 tickets)",
    make: () => [
      "/api/tickets/import",
      {
        method: "POST",
        headers: { Authorization: `Bearer ${TICKETS_KEY}`, "Content-Type": "application/json" },
        body: JSON.stringify({ tickets: Array.from({ length: 100 }, (_, i) => ticket(`CAP-${i}`)) }),
      },
    ],
    status: 200,
  },
];

async function send(type: RequestType, workerEnv: Env): Promise<Response> {
  const [path, init] = await type.make();
  return request(path, { ...(init as WorkerRequestInit), env: workerEnv });
}

/** One request's operations, in the table's order, zeros left out. */
export async function measure(type: RequestType): Promise<OpCounts> {
  // An isolate trusts what it read from KV for a short while (the site version for a second,
  // worker/services/content/version.ts), so a machine slow enough to let that lapse between the
  // two sends counts a refresh that a rush would not see. Slowness only adds operations: the
  // fewest seen in three tries is the request's own (a request type that really gained one shows
  // it every time).
  let fewest: OpCounts | null = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const counts = await measureOnce(type);
    if (fewest === null || total(counts) < total(fewest)) fewest = counts;
    if (sameCounts(fewest, expectedOf(type.name))) break;
  }
  return fewest ?? {};
}

const sorted = (counts: unknown) =>
  typeof counts === "object" && counts !== null ? JSON.stringify(Object.entries(counts).sort()) : String(counts);
const sameCounts = (a: OpCounts, b: unknown) => sorted(a) === sorted(b);
const total = (counts: OpCounts) => Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);

async function measureOnce(type: RequestType): Promise<OpCounts> {
  const workerEnv = baseEnv(type.vars);
  // Through the same wrappers (counting nothing outside `withOpCounter`): what an isolate
  // remembers of a binding between requests is then remembered here too.
  const warm = await send(type, countedEnv(workerEnv));
  expect({ type: type.name, status: warm.status }).toEqual({ type: type.name, status: type.status });
  if (type.newIsolate) {
    forgetParsedEntries();
    forgetSiteVersion();
  }
  const counter = new OpCounter();
  const response = await withOpCounter(counter, () => send(type, countedEnv(workerEnv)));
  expect({ type: type.name, status: response.status }).toEqual({ type: type.name, status: type.status });
  return counter.counts;
}

const measured: Record<string, OpCounts> = {};

beforeAll(async () => {
  key = await createTestKey();
});
beforeEach(async () => {
  await clearCache();
  replay = replayStoryblok();
  replay.override(cdnFromEmbedded);
});
afterAll(() => {
  console.log(`capacity counts ${JSON.stringify(measured)}`);
});

const expectedOf = (name: string) =>
  (expected as Record<string, OpCounts>)[name] ?? `a row for "${name}" in tests/capacity/counts.json`;

describe("what each request type asks of storage and the network (docs/capacity.md)", () => {
  it.each(REQUEST_TYPES.map((type) => [type.name, type] as const))("%s", async (name, type) => {
    measured[name] = await measure(type);
    expect(measured[name]).toEqual(expectedOf(name));
    expect(replay.unhandled).toEqual([]);
  });

  it("the queue consumers: consent proofs per batch of 100, a form delivery per message", async () => {
    const proofs = Array.from({ length: 100 }, (_, i) => ({
      id: `proof-${i}`,
      timestamp: new Date(),
      attempts: 1,
      body: {
        proofId: crypto.randomUUID(),
        consentId: crypto.randomUUID(),
        action: "accept-all",
        preferences: true,
        analytics: true,
        advertising: true,
        policyVersion: 1,
        lang: "en",
        decidedAt: new Date().toISOString(),
      },
    }));
    const consentCounter = new OpCounter();
    await withOpCounter(consentCounter, () =>
      handleConsentBatch(createMessageBatch("arena-consent-proofs", proofs), countedEnv(env)),
    );
    const consumer = "consent proofs, queue consumer (per batch of 100)";
    measured[consumer] = consentCounter.counts;
    expect(measured[consumer]).toEqual(expectedOf(consumer));

    const submitted = await send(
      REQUEST_TYPES.find((type) => type.name === "form: contact")!,
      baseEnv(),
    );
    const { id } = await submitted.json<{ id: string }>();
    const deliveryCounter = new OpCounter();
    const delivery = createMessageBatch("arena-form-deliveries", [
      { id: "delivery-1", timestamp: new Date(), attempts: 1, body: { kind: "contact", id } },
    ]);
    await withOpCounter(deliveryCounter, () =>
      handleDeliveryBatch(delivery, countedEnv(env), {
        endpoint: "https://crm.arena.test/hook",
        fetch: (input, init) => fetch(input, init),
      }),
    );
    const deliveries = "form delivery, queue consumer (per message)";
    measured[deliveries] = deliveryCounter.counts;
    expect(measured[deliveries]).toEqual(expectedOf(deliveries));
  });
});
