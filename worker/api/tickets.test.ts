import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { memberTestApp } from "#tests/mocks/google-keys/app.ts";

const KEY = "test-import-key-0123456789";
const app = (key: string | undefined = KEY) => memberTestApp({ TICKETS_IMPORT_API_KEY: key });

function ticket(overrides: Record<string, unknown> = {}) {
  return {
    id: "TM-1001",
    email: "Buyer@Example.com",
    eventSlug: "rock-night-2027",
    eventName: "Rock Night",
    eventStartsAt: "2027-03-01T20:00:00+01:00",
    purchasedAt: "2026-11-01T10:15:00Z",
    priceCents: 4550,
    currency: "EUR",
    seat: "Floor B, row 4, seat 12",
    ...overrides,
  };
}

function importTickets(tickets: unknown, key = KEY, instance = app()) {
  return instance.fetch("/api/tickets/import", {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Accept-Language": "en" },
    body: JSON.stringify({ tickets }),
  });
}

describe("POST /api/tickets/import", () => {
  it("upserts tickets by id, normalising email and times", async () => {
    const res = await importTickets([ticket()]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: 1 });
    const row = await env.DB.prepare("SELECT * FROM tickets WHERE id = 'TM-1001'").first();
    expect(row).toEqual({
      id: "TM-1001",
      email: "buyer@example.com",
      event_slug: "rock-night-2027",
      event_name: "Rock Night",
      event_starts_at: "2027-03-01T19:00:00.000Z",
      purchased_at: "2026-11-01T10:15:00.000Z",
      price_cents: 4550,
      currency: "EUR",
      seat: "Floor B, row 4, seat 12",
      section: "",
      entrance: "",
      code: "",
    });
  });

  it("stores the gate code, section and entrance the platform issued; a corrected ticket replaces them", async () => {
    const issued = { code: "ARV1-7F3K9Q2D", section: "Pista B", entrance: "Puerta 3" };
    expect((await importTickets([ticket({ id: "TM-1101", ...issued })])).status).toBe(200);
    const read = () => env.DB.prepare("SELECT code, section, entrance FROM tickets WHERE id = 'TM-1101'").first();
    expect(await read()).toEqual(issued);
    await importTickets([ticket({ id: "TM-1101", code: "ARV1-REISSUED" })]);
    expect(await read()).toEqual({ code: "ARV1-REISSUED", section: "", entrance: "" });
  });

  it("refuses a code a scanner could not read back as sent (spaces, non-ASCII, over 256 characters)", async () => {
    for (const code of ["ARV1 7F3K", "ARV1-Ñ", "A".repeat(257)]) {
      const res = await importTickets([ticket({ id: "TM-1102", code })]);
      expect(res.status, code).toBe(422);
      const body = await res.json<{ error: { fields: Record<string, string[]> } }>();
      expect(Object.keys(body.error.fields)).toEqual(["tickets.0.code"]);
    }
    expect(await env.DB.prepare("SELECT 1 FROM tickets WHERE id = 'TM-1102'").first()).toBeNull();
  });

  it("is idempotent: resending a batch changes nothing, a corrected ticket replaces the old one", async () => {
    await importTickets([ticket({ id: "TM-2001" }), ticket({ id: "TM-2002" })]);
    await importTickets([ticket({ id: "TM-2001" }), ticket({ id: "TM-2002" })]);
    await importTickets([ticket({ id: "TM-2002", seat: "Box 7" })]);
    const rows = await env.DB.prepare(
      "SELECT id, seat FROM tickets WHERE id IN ('TM-2001', 'TM-2002') ORDER BY id",
    ).all();
    expect(rows.results).toEqual([
      { id: "TM-2001", seat: "Floor B, row 4, seat 12" },
      { id: "TM-2002", seat: "Box 7" },
    ]);
  });

  it("refuses a wrong or missing API key with a 401", async () => {
    const wrong = await importTickets([ticket({ id: "TM-3001" })], "wrong-key");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    const none = await app().fetch("/api/tickets/import", {
      method: "POST",
      body: JSON.stringify({ tickets: [ticket()] }),
    });
    expect(none.status).toBe(401);
    expect(await env.DB.prepare("SELECT 1 FROM tickets WHERE id = 'TM-3001'").first()).toBeNull();
  });

  it("is closed when no API key is configured", async () => {
    const res = await importTickets([ticket({ id: "TM-4001" })], "", app(""));
    expect(res.status).toBe(503);
    expect(await env.DB.prepare("SELECT 1 FROM tickets WHERE id = 'TM-4001'").first()).toBeNull();
  });

  it("validates the whole batch and writes nothing when one ticket is invalid, naming it", async () => {
    const res = await importTickets([
      ticket({ id: "TM-5001" }),
      ticket({ id: "TM-5002", email: "not-an-email", priceCents: -1, eventStartsAt: "tomorrow" }),
    ]);
    expect(res.status).toBe(422);
    const body = await res.json<{ error: { code: string; fields: Record<string, string[]> } }>();
    expect(body.error.code).toBe("validation");
    expect(Object.keys(body.error.fields).sort()).toEqual([
      "tickets.1.email",
      "tickets.1.eventStartsAt",
      "tickets.1.priceCents",
    ]);
    expect(await env.DB.prepare("SELECT 1 FROM tickets WHERE id = 'TM-5001'").first()).toBeNull();
  });

  it("refuses empty, oversized and non-JSON batches, and unknown fields", async () => {
    expect((await importTickets([])).status).toBe(422);
    expect((await importTickets(Array.from({ length: 501 }, (_, i) => ticket({ id: `TM-6${i}` })))).status).toBe(422);
    expect((await importTickets([ticket({ id: "TM-7001", owner: "x" })])).status).toBe(422);
    const garbage = await app().fetch("/api/tickets/import", {
      method: "POST",
      headers: { Authorization: `Bearer ${KEY}` },
      body: "<xml/>",
    });
    expect(garbage.status).toBe(422);
  });

  it("names a ticket's unknown built-in member keys as invalid fields (422), never a 500", async () => {
    for (const key of ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf"]) {
      const res = await app().fetch("/api/tickets/import", {
        method: "POST",
        headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
        body: `{"${key}": 1, "tickets": [${JSON.stringify(ticket()).slice(0, -1)}, "${key}": 1}]}`,
      });
      expect(res.status, key).toBe(422);
      const body = await res.json<{ error: { fields: Record<string, string[]> } }>();
      expect(Object.keys(body.error.fields).sort(), key).toEqual([key, `tickets.0.${key}`].sort());
    }
  });
});
