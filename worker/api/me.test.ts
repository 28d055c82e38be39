import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { memberTestApp, ORIGIN, sameOriginJson } from "#tests/mocks/google-keys/app.ts";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";

const google = useGoogleKeyEndpoint();
const KEYS_URL = google.url;

const now = () => Math.floor(Date.now() / 1000);
const day = 24 * 60 * 60 * 1000;
const app = () => memberTestApp({ GOOGLE_KEYS_URL: KEYS_URL });

async function bearer(claims: Record<string, unknown> = {}) {
  return { Authorization: `Bearer ${await google.sign(idTokenClaims(claims))}` };
}

async function seedTickets(email: string) {
  const ticket = (id: string, startsInDays: number, owner = email) =>
    env.DB.prepare(
      "INSERT OR REPLACE INTO tickets (id, email, event_slug, event_name, event_starts_at, purchased_at, price_cents, currency, seat) VALUES (?, ?, ?, ?, ?, ?, 4500, 'EUR', 'A-1')",
    ).bind(
      id,
      owner,
      `event-${id}`,
      `Event ${id}`,
      new Date(Date.now() + startsInDays * day).toISOString(),
      new Date(Date.now() - 40 * day).toISOString(),
    );
  await env.DB.batch([
    ticket(`${email}-soon`, 3),
    ticket(`${email}-later`, 30),
    ticket(`${email}-last-week`, -7),
    ticket(`${email}-last-year`, -365),
    ticket(`${email}-someone-else`, 5, `other-${email}`),
  ]);
}

describe("GET /api/me", () => {
  it("is a translated 401 without a session, in each language", async () => {
    for (const [header, message] of [
      ["es", "Inicia sesión para continuar"],
      ["en", "Please sign in to continue"],
      ["ca", "Inicia la sessió per a continuar"],
    ] as const) {
      const res = await app().fetch("/api/me", { headers: { "Accept-Language": header } });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: "unauthenticated", message } });
    }
  });

  it("is a 401 with an invalid bearer token", async () => {
    const res = await app().fetch("/api/me", { headers: { Authorization: "Bearer nope" } });
    expect(res.status).toBe(401);
  });

  it("answers the member from a bearer token or the session cookie, privately", async () => {
    const headers = await bearer({ sub: "me-bearer", email: "Me@Example.com" });
    const res = await app().fetch("/api/me", { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toEqual({
      uid: "me-bearer",
      email: "me@example.com",
      emailVerified: true,
      profile: { name: "", surname: "", phone: "", birthdate: "", address: "", lang: "es" },
    });
    const token = headers.Authorization.slice("Bearer ".length);
    const viaCookie = await app().fetch("/api/me", { headers: { Cookie: `__session=${token}` } });
    expect(viaCookie.status).toBe(200);
  });
});

describe("PATCH /api/me", () => {
  const valid = {
    name: "Ana",
    surname: "García",
    phone: "+34 600 000 000",
    birthdate: "1990-05-17",
    address: "Calle Mayor 1, València",
  };

  it("stores the profile by user id and returns it", async () => {
    const headers = { ...(await bearer({ sub: "me-patch" })), "Content-Type": "application/json" };
    const res = await app().fetch("/api/me", { method: "PATCH", headers, body: JSON.stringify(valid) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ profile: { ...valid, lang: "es" } });
    await app().fetch("/api/me", { method: "PATCH", headers, body: JSON.stringify({ lang: "val" }) });
    const row = await env.DB.prepare("SELECT name, lang, email FROM profiles WHERE uid = ?").bind("me-patch").first();
    expect(row).toEqual({ name: "Ana", lang: "val", email: "member@example.com" });
  });

  it("validates by SPEC section 5 with translated messages per field", async () => {
    const headers = {
      ...(await bearer({ sub: "me-invalid" })),
      "Content-Type": "application/json",
      "Accept-Language": "en",
    };
    const res = await app().fetch("/api/me", {
      method: "PATCH",
      headers,
      body: JSON.stringify({ name: "A", surname: "x".repeat(51), birthdate: "1990-02-30", address: "" }),
    });
    expect(res.status).toBe(422);
    const body = await res.json<{ error: { code: string; fields: Record<string, string[]> } }>();
    expect(body.error.code).toBe("validation");
    expect(body.error.fields).toEqual({
      name: ["Name must be at least 2 characters."],
      surname: ["Surname must be at most 50 characters."],
      birthdate: ["Date of birth must be a valid date."],
      address: ["Address is required."],
    });
    const stored = await env.DB.prepare("SELECT 1 FROM profiles WHERE uid = ?").bind("me-invalid").first();
    expect(stored).toBeNull();
  });

  it("refuses unknown fields (the email comes from the verified token only), empty patches and non-JSON", async () => {
    const headers = { ...(await bearer({ sub: "me-unknown" })), "Content-Type": "application/json" };
    const email = await app().fetch("/api/me", { method: "PATCH", headers, body: JSON.stringify({ email: "x@y.z" }) });
    expect(email.status).toBe(422);
    const empty = await app().fetch("/api/me", { method: "PATCH", headers, body: "{}" });
    expect(empty.status).toBe(422);
    const garbage = await app().fetch("/api/me", { method: "PATCH", headers, body: "not json" });
    expect(garbage.status).toBe(400);
  });

  it("refuses keys named like built-in object members with a 422, never a 500", async () => {
    const headers = { ...(await bearer({ sub: "me-proto" })), "Content-Type": "application/json" };
    for (const key of ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf"]) {
      const res = await app().fetch("/api/me", { method: "PATCH", headers, body: `{"${key}": "x", "name": "Ana"}` });
      expect(res.status, key).toBe(422);
      const body = await res.json<{ error: { fields: Record<string, string[]> } }>();
      expect(Object.keys(body.error.fields), key).toEqual(["_form"]);
    }
    const stored = await env.DB.prepare("SELECT 1 FROM profiles WHERE uid = ?").bind("me-proto").first();
    expect(stored).toBeNull();
  });

  it("refuses a cookie-authenticated write from another origin", async () => {
    const token = await google.sign(idTokenClaims({ sub: "me-csrf" }));
    const res = await app().fetch("/api/me", {
      method: "PATCH",
      headers: { Cookie: `__session=${token}`, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Mallory" }),
    });
    expect(res.status).toBe(403);
    const same = await app().fetch("/api/me", {
      method: "PATCH",
      headers: { Cookie: `__session=${token}`, ...sameOriginJson() },
      body: JSON.stringify({ name: "Alice" }),
    });
    expect(same.status).toBe(200);
  });
});

describe("GET /api/me/tickets", () => {
  it("lists future tickets soonest first and past ones latest first, matched to the verified email only", async () => {
    await seedTickets("fan@example.com");
    const headers = await bearer({ email: "fan@example.com" });
    const future = await app().fetch("/api/me/tickets?period=future", { headers });
    expect(future.headers.get("Cache-Control")).toBe("private, no-store");
    const futureBody = await future.json<{ tickets: { id: string; priceCents: number; seat: string }[] }>();
    expect(futureBody.tickets.map((t) => t.id)).toEqual(["fan@example.com-soon", "fan@example.com-later"]);
    expect(futureBody.tickets[0]).toMatchObject({
      priceCents: 4500,
      seat: "A-1",
      eventSlug: "event-fan@example.com-soon",
    });
    const past = await app().fetch("/api/me/tickets?period=past", { headers });
    const pastBody = await past.json<{ tickets: { id: string }[] }>();
    expect(pastBody.tickets.map((t) => t.id)).toEqual(["fan@example.com-last-week", "fan@example.com-last-year"]);
  });

  it("shows an unverified email no tickets at all", async () => {
    await seedTickets("claimer@example.com");
    const res = await app().fetch("/api/me/tickets?period=future", {
      headers: { ...(await bearer({ email: "claimer@example.com", email_verified: false })), "Accept-Language": "en" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "email_unverified" } });
  });

  it("answers an empty list for a member without tickets", async () => {
    const res = await app().fetch("/api/me/tickets?period=past", {
      headers: await bearer({ email: "nobody@example.com" }),
    });
    expect(await res.json()).toEqual({ period: "past", tickets: [] });
  });

  it("refuses a missing or unknown period with a 400", async () => {
    const headers = await bearer();
    for (const query of ["", "?period=all", "?period="]) {
      const res = await app().fetch(`/api/me/tickets${query}`, { headers });
      expect(res.status).toBe(400);
    }
  });

  it("is a 401 without a session", async () => {
    expect((await app().fetch("/api/me/tickets?period=future")).status).toBe(401);
  });
});

describe("DELETE /api/me", () => {
  it("needs a recent sign-in", async () => {
    const res = await app().fetch("/api/me", {
      method: "DELETE",
      headers: { ...(await bearer({ auth_time: now() - 3600, iat: now() - 60 })), "Accept-Language": "en" },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "requires_recent_login" } });
  });

  it("removes the profile and the verified email's tickets, and ends the session", async () => {
    await seedTickets("leaving@example.com");
    const headers = {
      ...(await bearer({ sub: "me-leaving", email: "leaving@example.com" })),
      "Content-Type": "application/json",
    };
    await app().fetch("/api/me", { method: "PATCH", headers, body: JSON.stringify({ name: "Leaving" }) });
    const res = await app().fetch("/api/me", { method: "DELETE", headers: { ...headers, Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session=; Max-Age=0"))).toBe(true);
    expect(await env.DB.prepare("SELECT 1 FROM profiles WHERE uid = 'me-leaving'").first()).toBeNull();
    const left = await env.DB.prepare("SELECT id FROM tickets WHERE email LIKE '%leaving@example.com'").all();
    expect(left.results).toEqual([{ id: "leaving@example.com-someone-else" }]);
  });
});
