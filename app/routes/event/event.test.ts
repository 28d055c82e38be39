import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EventJsonLdSchema, parseIcs } from "#app/lib/events/testing.ts";
import { page } from "#tests/harness.ts";
import { all, canonicalOf, one, parseHtml, textOf, wordsOf } from "#tests/html.ts";

async function get(path: string, init: Parameters<typeof page>[1] = {}) {
  const { response, html, document } = await page(path, init);
  return { response, text: html, document };
}

/** The page's JSON-LD scripts and the CSP nonce each carries. */
function jsonLdScripts(html: string): { nonce: string; data: unknown }[] {
  return all(parseHtml(html), 'script[type="application/ld+json"]').map((script) => ({
    nonce: script.getAttribute("nonce") ?? "",
    data: JSON.parse(script.textContent ?? "null"),
  }));
}

/** The words of the main element (the messages sent for hydration are outside it). */
function mainText(html: string): string {
  return wordsOf(parseHtml(html).querySelector("main"));
}

/** The links of a part of the page, as their text and where they lead. */
const linksIn = (root: Pick<Document, "querySelector" | "querySelectorAll">) =>
  all(root, "a").map((a) => [textOf(a), a.getAttribute("href"), a.getAttribute("rel")]);

describe("event page", () => {
  it("shows day, time, location, price, hits, buy links and the calendar download", async () => {
    const { response, text, document } = await get("/en/event/marea-alta-gira-mediterrania/");
    expect(response.status).toBe(200);
    const main = mainText(text);
    expect(textOf(one(document, "h1"))).toBe("Marea Alta: Mediterrània Tour");
    expect(main).toMatch(/Day Friday, \w+ \d{1,2}, \d{4} Time/);
    expect(main).toContain("Time 21:00");
    expect(main).toContain("Doors open 19:30");
    expect(main).toContain("Location Main arena");
    expect(main).toContain("Price From €35");
    expect(main).toContain("Artist hits Llum de port Sal i sorra Nit de Sant Joan Mar endins");
    expect(one(document, 'a[href="/en/event/marea-alta-gira-mediterrania/tickets/"]').classList).toContain(
      "button--primary",
    );
    expect(linksIn(document)).toContainEqual([
      "Buy tickets from Levante Live",
      "https://levante-live.example/marea-alta",
      "noopener noreferrer",
    ]);
    expect(all(document, 'a[href="/en/event/marea-alta-gira-mediterrania/calendar.ics"]')).not.toHaveLength(0);
    // Related events stream in below the fold, after the rest of the page.
    const heading = one(document, "h2#event-related-title");
    expect(textOf(heading)).toBe("Related events");
    const related = heading.parentElement ?? document;
    expect(linksIn(related)).toEqual(
      expect.arrayContaining([
        ["Nora Vidal live", "/en/event/nora-vidal-en-directo/", null],
        ["Electro Horta Festival", "/en/event/electro-horta-festival/", null],
      ]),
    );
  });

  it("describes the event in schema.org JSON-LD with the response's nonce", async () => {
    const { response, text } = await get("/en/event/marea-alta-gira-mediterrania/");
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    const scripts = jsonLdScripts(text);
    expect(scripts).toHaveLength(1);
    const [script] = scripts;
    expect(script?.nonce).toBe(nonce);
    const parsed = v.safeParse(EventJsonLdSchema, script?.data);
    expect(parsed.issues).toBeUndefined();
    expect(script?.data).toMatchObject({
      "@type": "MusicEvent",
      name: "Marea Alta: Mediterrània Tour",
      startDate: expect.stringMatching(/T21:00:00\+0[12]:00$/),
      location: { address: { streetAddress: "Avinguda de les Arts 1", postalCode: "46013" } },
      performer: { name: "Marea Alta" },
      // The page links the Arena's ticket page and the promoter's sale: an offer from each.
      offers: [
        {
          price: "35.00",
          priceCurrency: "EUR",
          availability: "https://schema.org/InStock",
          url: "http://arena.test/en/event/marea-alta-gira-mediterrania/tickets/",
          seller: { name: "Arena Valencia" },
        },
        { price: "35.00", availability: "https://schema.org/InStock", url: expect.stringMatching(/^https:\/\//) },
      ],
      image: ["http://arena.test/images/events/marea-alta-gira-mediterrania-1280x720.webp"],
    });
  });

  it("has its own head: title, description, canonical and alternates", async () => {
    const { document } = await get("/val/event/nora-vidal-en-directo/");
    expect(document.title).toBe("Nora Vidal en directe | Arena Valencia");
    expect(canonicalOf(document)).toBe("http://arena.test/val/event/nora-vidal-en-directo/");
    expect(one(document, 'link[rel="alternate"][hreflang="es"]').getAttribute("href")).toBe(
      "http://arena.test/es/event/nora-vidal-en-directo/",
    );
  });

  it("sold out: says so, no buy buttons, SoldOut offer", async () => {
    const { text } = await get("/en/event/nora-vidal-en-directo/");
    const main = mainText(text);
    expect(main).toContain("Tickets for this event are sold out.");
    expect(main).not.toContain("Buy venue tickets");
    expect(main).not.toContain("Buy tickets from");
    const data = jsonLdScripts(text)[0]?.data as { offers?: unknown } | undefined;
    const offers = [data?.offers ?? []].flat();
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer).toMatchObject({ availability: "https://schema.org/SoldOut" });
  });

  it("coming soon: says so, price to be announced, and no offer while neither price nor sale date is known", async () => {
    const { text } = await get("/es/event/the-night-owls/");
    const main = mainText(text);
    expect(main).toContain("Las entradas saldrán a la venta próximamente.");
    expect(main).toContain("Precio Por anunciar");
    expect(main).not.toContain("Comprar entradas");
    const data = jsonLdScripts(text)[0]?.data;
    expect(v.safeParse(EventJsonLdSchema, data).issues).toBeUndefined();
    expect(data).not.toHaveProperty("offers");
  });

  it("past: says it took place, no price, no buying, no calendar, no offer", async () => {
    const { response, text, document } = await get("/val/event/coro-gospel-de-valencia/");
    expect(response.status).toBe(200);
    const main = mainText(text);
    expect(main).toContain("Este esdeveniment ja s'ha celebrat.");
    expect(main).not.toContain("Compra entrades");
    const facts = wordsOf(one(document, "dl.event-facts"));
    expect(facts).toContain("Dia ");
    expect(facts).not.toContain("Des de");
    expect(facts).not.toContain("Preu");
    expect(text).not.toContain("calendar.ics");
    const data = jsonLdScripts(text)[0]?.data;
    expect(v.safeParse(EventJsonLdSchema, data).issues).toBeUndefined();
    expect(data).not.toHaveProperty("offers");
    expect(data).toMatchObject({ eventStatus: "https://schema.org/EventScheduled" });
  });

  it("sold only by the promoter: the offer is the promoter's, never the Arena's ticket page", async () => {
    for (const lang of ["es", "en", "val"]) {
      const { text } = await get(`/${lang}/event/electro-horta-festival/`);
      const data = jsonLdScripts(text)[0]?.data;
      expect(v.safeParse(EventJsonLdSchema, data).issues).toBeUndefined();
      expect(data).toMatchObject({
        offers: {
          url: "https://horta-sound.example/festival",
          seller: { name: "Horta Sound" },
          price: "39.00",
          availability: "https://schema.org/InStock",
        },
        organizer: { url: `http://arena.test/${lang}/` },
      });
      expect(JSON.stringify(data)).not.toContain("/tickets/");
    }
  });

  it("a short summary is completed with the event's facts, so no two events share a description", async () => {
    const { document } = await get("/es/event/taronja-vs-sevilla-giralda/");
    const description = one(document, 'meta[name="description"]').getAttribute("content") ?? "";
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description).toMatch(
      /^Jornada 9 de la liga\. Valencia Taronja – Sevilla Giralda: .+2026, a las 18:00, en el Arena Valencia\.$/,
    );
  });

  it("answers 404 for an unknown event and for a malformed slug", async () => {
    expect((await get("/en/event/no-such-event/")).response.status).toBe(404);
    expect((await get("/en/event/bad_slug!/")).response.status).toBe(404);
    // Not an event: a page story is not reachable as an event.
    expect((await get("/en/event/about/")).response.status).toBe(404);
  });
});

describe("add to calendar", () => {
  it("downloads an iCalendar file that parses", async () => {
    const { response, text } = await get("/en/event/marea-alta-gira-mediterrania/calendar.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="marea-alta-gira-mediterrania.ics"');
    const lines = parseIcs(text);
    const value = (name: string) => lines.find((line) => line.name === name)?.value;
    expect(lines.map((line) => `${line.name}:${line.value}`)).toEqual(
      expect.arrayContaining(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "END:VEVENT", "END:VCALENDAR"]),
    );
    expect(value("UID")).toBe("00000000-0000-4000-8000-000000005001@arena.test");
    expect(value("DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    // 21:00 in Madrid is 20:00 UTC in winter, 19:00 in summer.
    expect(value("DTSTART")).toMatch(/^\d{8}T(20|19)0000Z$/);
    expect(value("SUMMARY")).toBe("Marea Alta: Mediterrània Tour");
    expect(value("LOCATION")).toBe("Arena Valencia (Main arena)\\, Avinguda de les Arts 1\\, 46013 València");
    expect(value("URL")).toBe("http://arena.test/en/event/marea-alta-gira-mediterrania/");
  });

  it("is gone (410) once the event has taken place, in the page's language, saying which", async () => {
    for (const [lang, note, tag] of [
      ["en", "This event has already taken place.", "en-US"],
      ["es", "Este evento ya se ha celebrado.", "es-ES"],
      ["val", "Este esdeveniment ja s'ha celebrat.", "ca-ES-valencia"],
    ] as const) {
      const { response, text } = await get(`/${lang}/event/impro-show-valencia/calendar.ics`);
      expect(response.status).toBe(410);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("Content-Language")).toBe(tag);
      expect(text).toBe(note);
    }
  });

  it("has a validator from its content: the same on every regeneration, and a 304 for it", async () => {
    const path = "/val/event/marea-alta-gira-mediterrania/calendar.ics";
    const first = await get(path);
    const etag = first.response.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.response.headers.get("Content-Language")).toBe("ca-ES-valencia");
    // Rendered again (the page cache is off in these tests): the same bytes, the same tag.
    const again = await get(path);
    expect(again.text).toBe(first.text);
    expect(again.response.headers.get("ETag")).toBe(etag);
    const revalidated = await get(path, { headers: { "If-None-Match": `W/${etag}` } });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.response.headers.get("ETag")).toBe(etag);
  });

  it("is not redirected to a trailing slash, and 404s for an unknown event, in words", async () => {
    const { response, text } = await get("/val/event/no-such-event/calendar.ics");
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(text).toMatch(/^No s.ha trobat l.esdeveniment\. /);
  });

  it.each([
    "/en/event/marea-alta-gira-mediterrania/CALENDAR.ICS",
    "/en/event/marea-alta-gira-mediterrania/calendar.ics/",
    "/en/event/MAREA-ALTA-GIRA-MEDITERRANIA/calendar.ics",
  ])("has one address: %s is a 404", async (path) => {
    const { response } = await get(path);
    expect(response.status).toBe(404);
  });
});

describe("ticket page", () => {
  it("on sale: the way to the venue's box office", async () => {
    const { response, document } = await get("/en/event/marea-alta-gira-mediterrania/tickets/");
    expect(response.status).toBe(200);
    expect(textOf(one(document, "h1#ticket-page-title"))).toBe("Tickets for Marea Alta: Mediterrània Tour");
    const buy = one(document, 'a[href="https://tickets.arena-valencia.example/en/marea-alta-gira-mediterrania"]');
    expect(textOf(buy)).toBe("Buy tickets");
    expect(one(document, 'meta[name="robots"]').getAttribute("content")).toBe("noindex");
  });

  it("shows the event's picture and facts beside the ways to buy, and where members find their tickets", async () => {
    const { document } = await get("/en/event/marea-alta-gira-mediterrania/tickets/");
    expect(one(document, ".ticket-page__image").getAttribute("alt")).not.toBe("");
    const facts = all(document, ".ticket-page__facts dt").map((term) => textOf(term));
    expect(facts).toEqual(["Day", "Time", "Doors open", "Location", "Price"]);
    const actions = all(document, ".ticket-page__actions a").map((link) => textOf(link));
    expect(actions).toEqual(["Buy tickets", expect.stringMatching(/^Buy tickets (from|at) /)]);
    const account = one(document, ".ticket-page__account a");
    expect(account.getAttribute("href")).toBe("/en/dashboard/events/");
  });

  it("says 'Event without purchase link' when the arena does not sell it, offering the promoter", async () => {
    const { response, text } = await get("/en/event/electro-horta-festival/tickets/");
    expect(response.status).toBe(200);
    const main = mainText(text);
    expect(main).toContain("Event without purchase link");
    expect(main).toContain("Buy tickets from Horta Sound");
    expect((await get("/es/event/electro-horta-festival/tickets/")).text).toContain("Evento sin enlace de compra");
  });

  it("says 'Event not found' with a 404 for an unknown event", async () => {
    const { response, text, document } = await get("/val/event/no-such-event/tickets/");
    expect(response.status).toBe(404);
    expect(textOf(one(document, "h1"))).not.toBe("");
    expect(mainText(text)).toContain("Tots els esdeveniments");
    const en = await get("/en/event/no-such-event/tickets/");
    expect(textOf(one(en.document, "h1"))).toBe("Event not found");
  });

  it("sold out, coming soon and past events cannot be bought", async () => {
    expect(mainText((await get("/en/event/noche-de-monologos/tickets/")).text)).toContain(
      "Tickets for this event are sold out.",
    );
    expect(mainText((await get("/en/event/lucia-ferrer-sin-filtro/tickets/")).text)).toContain(
      "Tickets go on sale soon.",
    );
    const past = mainText((await get("/en/event/impro-show-valencia/tickets/")).text);
    expect(past).toContain("This event has already taken place.");
    expect(past).not.toContain("Buy tickets");
  });
});
