import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { request } from "#tests/harness.ts";
import { countRows, freshClient, ORIGIN } from "#tests/forms.ts";
import { malformedBodies, type FuzzCase, type FuzzTarget } from "./malformed-bodies";

const CASES_PER_ENDPOINT = 220;
const REFUSALS = [400, 413, 415];

const ENDPOINTS: { target: FuzzTarget; path: string; json: boolean }[] = [
  { target: "contact", path: "/api/forms/contact", json: true },
  { target: "hospitality", path: "/api/forms/hospitality", json: true },
  { target: "refund-request", path: "/api/forms/refund-request", json: true },
  { target: "newsletter", path: "/api/newsletter", json: true },
  { target: "contact", path: "/es/contact/?form=contact", json: false },
  { target: "hospitality", path: "/en/hospitality/?form=hospitality", json: false },
  { target: "refund-request", path: "/val/ticket-service/?form=refund-request", json: false },
  { target: "newsletter", path: "/es/newsletter/?form=newsletter", json: false },
];

function send(path: string, fuzz: FuzzCase) {
  const headers: Record<string, string> = { Origin: ORIGIN, "CF-Connecting-IP": freshClient() };
  if (fuzz.contentType) headers["Content-Type"] = fuzz.contentType;
  return request(new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: fuzz.body }));
}

async function storedCounts() {
  const documents = await env.DOCUMENTS.list({ prefix: "refund-requests/" });
  return {
    submissions: await countRows("form_submissions"),
    subscriptions: await countRows("newsletter_subscriptions"),
    documents: documents.objects.length,
  };
}

describe("fuzz: malformed bodies never cause a 5xx and never write anything", () => {
  for (const { target, path, json } of ENDPOINTS) {
    it(`POST ${path} (${CASES_PER_ENDPOINT} bodies)`, { timeout: 120_000 }, async () => {
      const cases = malformedBodies(target, CASES_PER_ENDPOINT);
      expect(cases.length).toBeGreaterThanOrEqual(200);
      const before = await storedCounts();
      const unexpected: string[] = [];
      const statuses = new Set<number>();
      for (const fuzz of cases) {
        const res = await send(path, fuzz);
        statuses.add(res.status);
        if (!REFUSALS.includes(res.status)) unexpected.push(`${fuzz.label}: ${res.status}`);
        if (json) {
          const body = await res.json<{ error?: { code?: unknown; message?: unknown } }>();
          if (typeof body.error?.message !== "string") unexpected.push(`${fuzz.label}: no error message`);
        } else await res.body?.cancel();
      }
      expect(unexpected).toEqual([]);
      // The bodies really reach every refusal: validation, size and media type.
      expect([...statuses].sort()).toEqual(REFUSALS);
      expect(await storedCounts()).toEqual(before);
    });
  }
});
