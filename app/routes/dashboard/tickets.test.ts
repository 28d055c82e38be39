import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { BROWSER_UA, dataPath, request, routeData } from "#tests/harness.ts";
import { all, one, parseHtml, textOf } from "#tests/html.ts";

/*
 * The list of a member's upcoming tickets, rendered by the real Worker: where a member starts at
 * the gate, kept on the device with the ticket pages (docs/tickets.md).
 */

const google = useGoogleKeyEndpoint();
const EMAIL = "ticket-list@example.com";
const DAY = 24 * 60 * 60 * 1000;

async function insertTicket(id: string, email: string, name: string, days: number) {
  await env.DB.prepare(
    `INSERT OR REPLACE INTO tickets (id, email, event_slug, event_name, event_starts_at, purchased_at, price_cents,
       currency, seat, section, entrance, code)
     VALUES (?, ?, 'not-in-the-content', ?, ?, ?, 3000, 'EUR', '', '', '', ?)`,
  )
    .bind(id, email, name, new Date(Date.now() + days * DAY).toISOString(), new Date().toISOString(), `C-${id}`)
    .run();
}

async function open(path: string, email: string | null = EMAIL) {
  const token = email ? await google.sign(idTokenClaims({ email, sub: `uid-${email}` })) : null;
  return request(path, {
    env: { GOOGLE_KEYS_URL: google.url },
    headers: { "User-Agent": BROWSER_UA, ...(token ? { Cookie: `__session=${token}; signed_in=1` } : {}) },
  });
}

beforeAll(async () => {
  await insertTicket("TL-LATER", EMAIL, "Later Night", 20);
  await insertTicket("TL-SOON", EMAIL, "Soon Night", 5);
  await insertTicket("TL-PAST", EMAIL, "Past Night", -5);
  await insertTicket("TL-OTHER", "someone-else-list@example.com", "Other Night", 7);
});

describe("the list of a member's tickets", () => {
  it("loads the member's upcoming tickets, soonest first, and the pages the device keeps", async () => {
    const response = await open(dataPath("/en/dashboard/tickets/"));
    expect(response.status).toBe(200);
    const data = (await routeData(response))["dashboard-tickets"]?.data as {
      tickets: { eventName: string; ticketPath: string }[];
      offline: { member: string; index: string; pages: string[] };
    };
    expect(data.tickets.map(({ eventName, ticketPath }) => [eventName, ticketPath])).toEqual([
      ["Soon Night", "/en/dashboard/tickets/tl-soon/"],
      ["Later Night", "/en/dashboard/tickets/tl-later/"],
    ]);
    // The list is kept with the ticket pages, so it opens offline too.
    expect(data.offline).toEqual({
      member: `uid-${EMAIL}`,
      index: "/en/dashboard/tickets/",
      pages: ["/en/dashboard/tickets/tl-soon/", "/en/dashboard/tickets/tl-later/"],
    });
  });

  it("shows each ticket's event and date with the way to its page, in a private page", async () => {
    const response = await open("/es/dashboard/tickets/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const document = parseHtml(await response.text());
    expect(textOf(one(document, "#tickets-title"))).toBe("Mis entradas");
    const items = all(document, ".ticket-list__item");
    expect(items.map((item) => textOf(one(item, "h3")))).toEqual(["Soon Night", "Later Night"]);
    expect(one(items[0]!, "time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const links = items.map((item) => one(item, "a"));
    expect(links.map((link) => [textOf(link), link.getAttribute("href")])).toEqual([
      ["Ver entrada", "/es/dashboard/tickets/tl-soon/"],
      ["Ver entrada", "/es/dashboard/tickets/tl-later/"],
    ]);
    // Each "show" link is told apart by its event.
    expect(links[0]!.getAttribute("aria-describedby")).toBe(items[0]!.querySelector("h3")?.id);
    expect(textOf(document.body)).not.toContain("Other Night");
  });

  it("sends a visitor to sign in", async () => {
    const response = await open("/en/dashboard/tickets/", null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/en/login/?returnTo=%2Fen%2Fdashboard%2Ftickets%2F");
  });

  it("is linked from the overview and the events list", async () => {
    for (const path of ["/en/dashboard/", "/en/dashboard/events/"]) {
      const document = parseHtml(await (await open(path)).text());
      const hrefs = all(document, "main a").map((link) => link.getAttribute("href"));
      expect(hrefs, path).toContain("/en/dashboard/tickets/");
    }
  });
});
