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

/** Who sells an event's tickets, as its page says: the Arena's ticket page, or the promoter's. */
export type TicketSale = { seller: "venue"; url: string } | { seller: "promoter"; name: string; url: string } | null;

/**
 * The schema.org Offer of an event, saying what its page says, with only the availability
 * values Google documents for events (InStock, SoldOut, PreOrder):
 * - no offer once the event has started (the page says it has taken place; nothing is sold);
 * - no offer while nobody sells (no purchase link) or tickets are not on sale and neither a
 *   price nor an on-sale date is known: there is nothing to offer yet;
 * - not on sale yet: no availability, `validFrom` when the content has the date (Google:
 *   "omit availability and specify validFrom");
 * - the seller and URL are the ones the page links: the Arena's ticket page or the promoter's.
 */
export function offerOf(
  record: EventRecord,
  sale: TicketSale,
  now: Date,
  home: string,
): Record<string, unknown> | null {
  const { content } = record;
  if (hasStarted(record, now)) return null;
  const onSale = content.on_sale_from ? parseLocal(content.on_sale_from) : null;
  const price = content.price_from === null ? {} : { price: content.price_from.toFixed(2), priceCurrency: "EUR" };
  const dates = {
    ...(onSale ? { validFrom: toIsoWithOffset(onSale) } : {}),
    // Sales close when the event starts.
    validThrough: toIsoWithOffset(record.start),
  };
  if (content.coming_soon && !content.sold_out) {
    if (!onSale && content.price_from === null) return null;
    return { "@type": "Offer", ...price, ...dates, ...(sale ? sellerOf(sale, home) : {}) };
  }
  if (!sale) return null;
  const availability = content.sold_out ? "https://schema.org/SoldOut" : "https://schema.org/InStock";
  return { "@type": "Offer", ...price, availability, ...dates, ...sellerOf(sale, home) };
}

function sellerOf(sale: NonNullable<TicketSale>, home: string) {
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
 * arena as Place with its postal address, status, the offer as the page states it (`offerOf`),
 * performer and image. URLs are absolute on `origin`.
 * A past event keeps `EventScheduled` (schema.org: "has taken place on the startDate as
 * scheduled"; there is no "completed" status, and Google documents none) and has no offer.
 */
export function eventJsonLd(input: {
  record: EventRecord;
  origin: string;
  /** The event page's canonical URL. */
  url: string;
  /** Who sells tickets and where, as the page links it; null when nobody does. */
  sale: TicketSale;
  /** The site's home in the page's language (an address that answers 200, never a redirect). */
  home: string;
  description: string;
  now: Date;
}): EventJsonLd {
  const { record, origin, now, home } = input;
  const offer = offerOf(record, input.sale, now, home);
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
    ...(offer ? { offers: offer } : {}),
  };
}
