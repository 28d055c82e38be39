import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import type { Story } from "#app/lib/content-types.ts";
import { buildEventList, pickHeadline, pickUpcoming } from "./catalogue.server";
import { toEventRecord, type EventRecord } from "./event";
import { parseEventFilters } from "./filters";
import { eventJsonLd, type TicketSale } from "./json-ld";
import { EventJsonLdSchema } from "./testing";

const now = new Date("2026-11-22T12:00:00Z");

function storyFor(slug: string, content: Story["content"]): Story {
  return { id: 1, uuid: `uuid-${slug}`, name: slug, slug, full_slug: `events/${slug}`, lang: "en", content };
}

function event(slug: string, fields: Record<string, unknown>): EventRecord {
  const story: Story = {
    id: 1,
    uuid: `uuid-${slug}`,
    name: slug,
    slug,
    full_slug: `events/${slug}`,
    lang: "en",
    content: {
      component: "event",
      _uid: slug,
      name: slug.replace(/-/g, " "),
      category: "concerts",
      date: "2026-12-05 21:00",
      location: "Main arena",
      ...fields,
    },
  };
  const record = toEventRecord(story);
  if (!record) throw new Error(`invalid test event ${slug}`);
  return record;
}

const records = [
  event("yesterday-gig", { date: "2026-11-21 21:00" }),
  event("december-gig", { date: "2026-12-05 21:00", performer: "Marea Alta" }),
  event("december-match", { date: "2026-12-06 18:00", category: "basketball" }),
  event("january-show", { date: "2027-01-09 17:00", category: "family" }),
  event("january-comedy", { date: "2027-01-15 22:00", category: "comedy" }),
];
const parseFilters = (query: string) => {
  const filters = parseEventFilters(new URLSearchParams(query));
  if (!filters) throw new Error(`not a list view: ${query}`);
  return filters;
};
const list = (query: string, perPage = 2) => buildEventList(records, parseFilters(query), { lang: "en", now, perPage });

describe("event list", () => {
  it("lists upcoming events only, earliest first, in pages", () => {
    const first = list("");
    expect(first.total).toBe(4);
    expect(first.pageCount).toBe(2);
    expect(first.events.map((e) => e.slug)).toEqual(["december-gig", "december-match"]);
    expect(list("page=2").events.map((e) => e.slug)).toEqual(["january-show", "january-comedy"]);
    expect(first.months.map((m) => [m.key, m.label])).toEqual([
      ["2026-12", "December 2026"],
      ["2027-01", "January 2027"],
    ]);
  });

  it("shows the last page for a page past the end", () => {
    expect(list("page=9").filters.page).toBe(2);
  });

  it("filters by category, month and search together", () => {
    expect(list("category=basketball").events.map((e) => e.slug)).toEqual(["december-match"]);
    expect(list("month=2027-01&category=comedy").events.map((e) => e.slug)).toEqual(["january-comedy"]);
    expect(list("search=marea").events.map((e) => e.slug)).toEqual(["december-gig"]);
    const none = list("search=opera");
    expect(none).toMatchObject({ total: 0, pageCount: 1, hasUpcoming: true, events: [] });
  });

  it("knows when nothing is scheduled at all", () => {
    expect(buildEventList(records.slice(0, 1), parseFilters(""), { lang: "en", now }).hasUpcoming).toBe(false);
  });

  it("keeps editors' picks in their order and drops past ones", () => {
    const picked = pickUpcoming(records, ["uuid-january-show", "uuid-yesterday-gig", "uuid-december-gig"], 8, now);
    expect(picked.map((e) => e.slug)).toEqual(["january-show", "december-gig"]);
    expect(pickUpcoming(records, [], 3, now).map((e) => e.slug)).toEqual([
      "december-gig",
      "december-match",
      "january-show",
    ]);
  });

  it("picks the next upcoming headline event for the hero, else the next event", () => {
    const withHeadlines = [
      event("past-headline", { date: "2026-11-21 21:00", headline: true }),
      ...records.slice(1),
      event("february-headline", { date: "2027-02-01 21:00", headline: true }),
    ];
    expect(pickHeadline(withHeadlines, now)?.slug).toBe("february-headline");
    expect(pickHeadline(records, now)?.slug).toBe("december-gig");
    expect(pickHeadline(records.slice(0, 1), now)).toBeNull();
  });

  it("skips an invalid event story with a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(toEventRecord(storyFor("x", { component: "event", _uid: "x", name: "x" }))).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe("event JSON-LD", () => {
  const venue = { seller: "venue", url: "https://arena.test/en/event/x/tickets/" } as const;
  const input = (record: EventRecord, sales: TicketSale[] = [venue]) => ({
    record,
    origin: "https://arena.test",
    url: "https://arena.test/en/event/x/",
    sales,
    home: "https://arena.test/en/",
    description: "",
    now: new Date("2026-11-01T12:00:00Z"),
  });

  it("carries every required field", () => {
    const data = eventJsonLd(
      input(
        event("full", {
          price_from: "35",
          doors_open: "2026-12-05 19:30",
          performer: "Marea Alta",
          on_sale_from: "2026-10-01 10:00",
          image: { filename: "/images/events/x-1200x675.svg", alt: "" },
        }),
      ),
    );
    expect(v.safeParse(EventJsonLdSchema, data).issues).toBeUndefined();
    expect(data).toMatchObject({
      "@type": "MusicEvent",
      startDate: "2026-12-05T21:00:00+01:00",
      doorTime: "2026-12-05T19:30:00+01:00",
      organizer: { url: "https://arena.test/en/" },
      offers: {
        price: "35.00",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        validFrom: "2026-10-01T10:00:00+02:00",
        validThrough: "2026-12-05T21:00:00+01:00",
        url: "https://arena.test/en/event/x/tickets/",
        seller: { name: "Arena Valencia", url: "https://arena.test/en/" },
      },
      image: ["https://arena.test/images/events/x-1200x675.svg"],
    });
  });

  it("offers what the page links: the promoter's site when only the promoter sells, nothing when nobody does", () => {
    const promoter = { seller: "promoter", name: "Horta Sound", url: "https://horta-sound.example/festival" } as const;
    expect(eventJsonLd(input(event("a", { price_from: "39" }), [promoter])).offers).toEqual(
      expect.objectContaining({
        url: "https://horta-sound.example/festival",
        seller: { "@type": "Organization", name: "Horta Sound", url: "https://horta-sound.example" },
        availability: "https://schema.org/InStock",
      }),
    );
    expect(eventJsonLd(input(event("b", { price_from: "39" }), []))).not.toHaveProperty("offers");
  });

  it("offers both sellers when the page links the Arena's tickets and the promoter's", () => {
    const promoter = { seller: "promoter", name: "Circo Sol", url: "https://circo.example/entradas" } as const;
    const data = eventJsonLd(input(event("both", { price_from: "22", performer: "Circo Sol" }), [venue, promoter]));
    expect(v.safeParse(EventJsonLdSchema, data).issues).toBeUndefined();
    expect(data.offers).toEqual([
      expect.objectContaining({ url: venue.url, seller: expect.objectContaining({ name: "Arena Valencia" }) }),
      expect.objectContaining({ url: promoter.url, seller: expect.objectContaining({ name: "Circo Sol" }) }),
    ]);
  });

  it("says sold out; not yet on sale has no availability, and no offer when neither price nor date is known", () => {
    expect(eventJsonLd(input(event("a", { sold_out: true }))).offers).toMatchObject({
      availability: "https://schema.org/SoldOut",
    });
    expect(eventJsonLd(input(event("b", { coming_soon: true })))).not.toHaveProperty("offers");
    const dated = eventJsonLd(input(event("c", { coming_soon: true, on_sale_from: "2026-11-20 10:00" }))).offers;
    expect(dated).toMatchObject({ validFrom: "2026-11-20T10:00:00+01:00" });
    expect(dated).not.toHaveProperty("availability");
  });

  it("tells the truth about a past event: it took place as scheduled, and nothing is offered", () => {
    const after = { now: new Date("2026-12-06T12:00:00Z") };
    const past = eventJsonLd({ ...input(event("p", { price_from: "20", performer: "Coro" })), ...after });
    expect(v.safeParse(EventJsonLdSchema, past).issues).toBeUndefined();
    expect(past.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(past).not.toHaveProperty("offers");
    expect(eventJsonLd({ ...input(event("q", { sold_out: true })), ...after })).not.toHaveProperty("offers");
  });
});
