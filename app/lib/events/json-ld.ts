import { buildImage } from "#app/lib/image.ts";
import { addMinutes, parseLocal, toIsoWithOffset } from "./dates";
import type { EventCategory } from "./categories";
import { DEFAULT_DURATION_MINUTES, hasStarted, type EventRecord } from "./event";
import { VENUE } from "./venue";

/** The most specific schema.org Event type of each category. */
const EVENT_TYPE: Record<EventCategory, string> = {
  concerts: "MusicEvent",
  basketball: "SportsEvent",
  family: "TheaterEvent",
  comedy: "ComedyEvent",
};

/** One seller of an event's tickets, as its page links it: the Arena's ticket page, or the promoter's. */
export type TicketSale = { seller: "venue"; url: string } | { seller: "promoter"; name: string; url: string };

/**
 * The schema.org Offers of an event, saying what its page says, with only the availability
 * values Google documents for events (InStock, SoldOut, PreOrder):
 * - no offer once the event has started (the page says it has taken place; nothing is sold);
 * - no offer while nobody sells (no purchase link) or tickets are not on sale and neither a
 *   price nor an on-sale date is known: there is nothing to offer yet;
 * - not on sale yet: no availability, `validFrom` when the content has the date (Google:
 *   "omit availability and specify validFrom");
 * - one offer per seller the page links, with its URL: the Arena's ticket page, the promoter's, or both.
 */
export function offersOf(record: EventRecord, sales: TicketSale[], now: Date, home: string): Record<string, unknown>[] {
  const { content } = record;
  if (hasStarted(record, now)) return [];
  const onSale = content.on_sale_from ? parseLocal(content.on_sale_from) : null;
  const price = content.price_from === null ? {} : { price: content.price_from.toFixed(2), priceCurrency: "EUR" };
  const dates = {
    ...(onSale ? { validFrom: toIsoWithOffset(onSale) } : {}),
    // Sales close when the event starts.
    validThrough: toIsoWithOffset(record.start),
  };
  if (content.coming_soon && !content.sold_out) {
    if (!onSale && content.price_from === null) return [];
    if (sales.length === 0) return [{ "@type": "Offer", ...price, ...dates }];
    return sales.map((sale) => ({ "@type": "Offer", ...price, ...dates, ...sellerOf(sale, home) }));
  }
  const availability = content.sold_out ? "https://schema.org/SoldOut" : "https://schema.org/InStock";
  return sales.map((sale) => ({ "@type": "Offer", ...price, availability, ...dates, ...sellerOf(sale, home) }));
}

function sellerOf(sale: TicketSale, home: string) {
  if (sale.seller === "venue")
    return { url: sale.url, seller: { "@type": "Organization", name: VENUE.name, url: home } };
  const site = URL.canParse(sale.url) ? new URL(sale.url).origin : null;
  const name = sale.name || (site ? new URL(site).hostname : "");
  return {
    url: sale.url,
    ...(name ? { seller: { "@type": "Organization", name, ...(site ? { url: site } : {}) } } : {}),
  };
}

/** A schema.org object ready for a JSON-LD script. */
export type EventJsonLd = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

/**
 * The schema.org Event of an event page: name, start (and end) with the venue's UTC offset, the
 * arena as Place with its postal address, status, the offers as the page states them (`offersOf`),
 * performer and image. URLs are absolute on `origin`.
 * A past event keeps `EventScheduled` (schema.org: "has taken place on the startDate as
 * scheduled"; there is no "completed" status, and Google documents none) and has no offer.
 */
export function eventJsonLd(input: {
  record: EventRecord;
  origin: string;
  /** The event page's canonical URL. */
  url: string;
  /** Who sells tickets and where, as the page links them; none when nobody does. */
  sales: TicketSale[];
  /** The site's home in the page's language (an address that answers 200, never a redirect). */
  home: string;
  description: string;
  now: Date;
}): EventJsonLd {
  const { record, origin, now, home } = input;
  const offers = offersOf(record, input.sales, now, home);
  const { content } = record;
  const image = buildImage(content.image.filename, { width: 1200, height: 675 }).src;
  const minutes = content.duration_minutes ?? DEFAULT_DURATION_MINUTES;
  const doors = content.doors_open ? parseLocal(content.doors_open) : null;
  return {
    "@context": "https://schema.org",
    "@type": EVENT_TYPE[content.category],
    name: content.name,
    description: input.description || undefined,
    url: input.url,
    startDate: toIsoWithOffset(record.start),
    endDate: toIsoWithOffset(addMinutes(record.start, minutes)),
    ...(doors ? { doorTime: toIsoWithOffset(doors) } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: content.location ? `${VENUE.name} · ${content.location}` : VENUE.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: VENUE.streetAddress,
        postalCode: VENUE.postalCode,
        addressLocality: VENUE.locality,
        addressRegion: VENUE.region,
        addressCountry: VENUE.country,
      },
    },
    image: [image.startsWith("/") ? `${origin}${image}` : image],
    ...(content.performer
      ? {
          performer: {
            "@type": content.category === "basketball" ? "SportsTeam" : "PerformingGroup",
            name: content.performer,
          },
        }
      : {}),
    organizer: { "@type": "Organization", name: VENUE.name, url: home },
    // One offer is written as itself, two (the Arena and the promoter both sell) as a list.
    ...(offers.length > 0 ? { offers: offers.length === 1 ? offers[0] : offers } : {}),
  };
}
