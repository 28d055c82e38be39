import { env } from "cloudflare:workers";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { SiteConfigSchema } from "#app/lib/content-types.ts";
import { appContext } from "#app/lib/context.server.ts";
import { testContext } from "#app/lib/context.testing.ts";
import type { SessionUser } from "#app/lib/auth/session.ts";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { BROWSER_UA, request } from "#tests/harness.ts";
import { all, one, parseHtml, textOf } from "#tests/html.ts";
import { OFFLINE_TICKETS_KEPT, offlineTickets } from "#app/lib/auth/ticket-cards.server.ts";
import type { MemberTicket } from "#app/lib/auth/members.server.ts";
import { loader as overviewLoader } from "./overview";

/*
 * The ticket at the gate, rendered by the real Worker: the member's own ticket with its code as
 * a QR drawing and as text, what is printed on it, and nobody else's ticket.
 */

const google = useGoogleKeyEndpoint();
const EMAIL = "ticket-page@example.com";
const DAY = 24 * 60 * 60 * 1000;

async function insertTicket(id: string, email: string, fields: { code?: string; entrance?: string; days?: number }) {
  const startsAt = new Date(Date.now() + (fields.days ?? 10) * DAY).toISOString();
  await env.DB.prepare(
    `INSERT OR REPLACE INTO tickets (id, email, event_slug, event_name, event_starts_at, purchased_at, price_cents,
       currency, seat, section, entrance, code)
     VALUES (?, ?, 'not-in-the-content', 'Gala: Night One', ?, ?, 4550, 'EUR', 'Row 4, seat 12', 'Floor B', ?, ?)`,
  )
    .bind(id, email, startsAt, new Date().toISOString(), fields.entrance ?? "", fields.code ?? "")
    .run();
}

async function open(path: string, email: string | null = EMAIL) {
  const token = email ? await google.sign(idTokenClaims({ email, sub: `uid-${email}` })) : null;
  const response = await request(path, {
    env: { GOOGLE_KEYS_URL: google.url },
    headers: { "User-Agent": BROWSER_UA, ...(token ? { Cookie: `__session=${token}; signed_in=1` } : {}) },
  });
  return { response, document: parseHtml(await response.text()) };
}

beforeAll(async () => {
  await insertTicket("TP-1", EMAIL, { code: "ARV1-TP1-7F3K9Q2D", entrance: "Gate 3" });
  await insertTicket("TP/2 é", EMAIL, { days: 20 });
  await insertTicket("TP-OTHER", "someone-else@example.com", { code: "ARV1-OTHER" });
});

describe("a member's ticket page", () => {
  it("shows the issued code as a QR drawing and as text, with what is printed on the ticket", async () => {
    const { response, document } = await open("/en/dashboard/tickets/tp-1/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const qr = one(document, "svg.ticket-qr");
    expect(qr.getAttribute("role")).toBe("img");
    expect(qr.getAttribute("aria-label")).toBe("QR code of your ticket for Gala: Night One");
    expect(one(qr, "path").getAttribute("d")).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    expect(textOf(one(document, ".ticket-pass__code-text"))).toBe("ARV1-TP1-7F3K9Q2D");
    const facts = all(document, ".ticket-pass__facts > div").map((fact) => [
      textOf(one(fact, "dt")),
      textOf(one(fact, "dd")),
    ]);
    expect(facts).toEqual([
      ["Entrance", "Gate 3"],
      ["Section", "Floor B"],
      ["Seat", "Row 4, seat 12"],
      ["Price", "€45.50"],
      ["Purchase date", expect.any(String)],
      ["Ticket number", "TP-1"],
    ]);
    // The drawing comes from the server: the page's title names the event and the site.
    expect(textOf(one(document, "title"))).toContain("Gala: Night One · Your ticket");
  });

  it("says when the platform has issued no code yet, and finds ids of any case and character", async () => {
    const { response, document } = await open(`/es/dashboard/tickets/${encodeURIComponent("tp/2 é")}/`);
    expect(response.status).toBe(200);
    expect(all(document, "svg.ticket-qr")).toHaveLength(0);
    expect(textOf(one(document, ".ticket-pass__stub"))).toContain("El código de acceso aún no está disponible");
  });

  it("is the member's own: another member's ticket is not found, a visitor is sent to sign in", async () => {
    const other = await open("/en/dashboard/tickets/tp-other/");
    expect(other.response.status).toBe(404);
    expect(all(other.document, "svg.ticket-qr")).toHaveLength(0);
    expect(textOf(other.document.body)).not.toContain("ARV1-OTHER");
    const visitor = await open("/en/dashboard/tickets/tp-1/", null);
    expect(visitor.response.status).toBe(302);
    expect(visitor.response.headers.get("Location")).toBe("/en/login/?returnTo=%2Fen%2Fdashboard%2Ftickets%2Ftp-1%2F");
  });

  it("links each ticket card to its page", async () => {
    const { document } = await open("/en/dashboard/events/");
    const show = all(document, ".ticket-card a").filter((link) => textOf(link) === "Show ticket");
    expect(show.map((link) => link.getAttribute("href"))).toEqual([
      "/en/dashboard/tickets/tp-1/",
      `/en/dashboard/tickets/${encodeURIComponent("tp/2 é")}/`,
    ]);
  });
});

describe("the overview's app buttons", () => {
  const member: SessionUser = {
    uid: "apps-test",
    email: "apps-test@example.com",
    emailVerified: true,
    authTime: 1_700_000_000,
    expiresAt: 4_000_000_000,
  };
  const overviewWith = async (config: Record<string, unknown>) => {
    const siteConfig = v.parse(SiteConfigSchema, { component: "site_config", _uid: "c", header_menu: [], ...config });
    const context = testContext({
      session: { status: "active", user: member },
      content: { ...testContext().get(appContext).content, getSiteConfig: async () => siteConfig },
    });
    const request = new Request("http://arena.test/es/dashboard/");
    const url = new URL(request.url);
    return overviewLoader({ context, request, url, params: { lang: "es" }, pattern: "/:lang/dashboard/" });
  };

  it("open the app's listings the configuration names, and are left out when it names none", async () => {
    const listed = await overviewWith({
      app_store_url: "https://apps.apple.com/es/app/arena-valencia/id1234567890",
      play_store_url: "https://play.google.com/store/apps/details?id=es.arena.valencia",
    });
    expect(listed?.apps).toEqual({
      ios: "https://apps.apple.com/es/app/arena-valencia/id1234567890",
      android: "https://play.google.com/store/apps/details?id=es.arena.valencia",
    });
    expect((await overviewWith({}))?.apps).toEqual({ ios: null, android: null });
  });
});

describe("the tickets a device keeps offline", () => {
  it("are the member's soonest upcoming ones, at their pages' addresses", () => {
    const upcoming = Array.from({ length: 12 }, (_, i): MemberTicket => ({
      id: `TM-${i}`,
      eventSlug: "x",
      eventName: "X",
      eventStartsAt: new Date(Date.now() + (i + 1) * DAY).toISOString(),
      purchasedAt: new Date().toISOString(),
      priceCents: 0,
      currency: "EUR",
      seat: "",
      section: "",
      entrance: "",
      code: `C-${i}`,
    }));
    const kept = offlineTickets("uid-1", upcoming, "val");
    expect(kept.member).toBe("uid-1");
    expect(kept.pages).toHaveLength(OFFLINE_TICKETS_KEPT);
    expect(kept.pages[0]).toBe("/val/dashboard/tickets/tm-0/");
  });
});
