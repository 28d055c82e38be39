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

/**
 * schema.org ItemAvailability of the offer. Once the event has started no ticket is sold any
 * more: `SoldOut` if it had sold out, else `Discontinued` (sales closed), never `InStock`.
 */
export function availabilityOf(record: EventRecord, now: Date): string {
  if (record.content.sold_out) return "https://schema.org/SoldOut";
  if (hasStarted(record, now)) return "https://schema.org/Discontinued";
  if (record.content.coming_soon) return "https://schema.org/PreOrder";
  return "https://schema.org/InStock";
}

/** A schema.org object ready for a JSON-LD script. */
export type EventJsonLd = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

/**
 * The schema.org Event of an event page: name, start (and end) with the venue's UTC offset, the
 * arena as Place with its postal address, status, the offer (price from, EUR, availability, when
 * sales open and close, the ticket page), performer and image. URLs are absolute on `origin`.
 * A past event keeps `EventScheduled` (schema.org: "has taken place on the startDate as
 * scheduled"; there is no "completed" status) and its offer says sales are over.
 */
export function eventJsonLd(input: {
  record: EventRecord;
  origin: string;
  /** The event page's canonical URL. */
  url: string;
  /** The ticket page's URL. */
  ticketsUrl: string;
  description: string;
  now: Date;
}): EventJsonLd {
  const { record, origin, now } = input;
  const { content } = record;
  const image = buildImage(content.image.filename, { width: 1200, height: 675 }).src;
  const minutes = content.duration_minutes ?? DEFAULT_DURATION_MINUTES;
  const doors = content.doors_open ? parseLocal(content.doors_open) : null;
  const onSale = content.on_sale_from ? parseLocal(content.on_sale_from) : null;
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
    organizer: { "@type": "Organization", name: VENUE.name, url: `${origin}/` },
    offers: {
      "@type": "Offer",
      ...(content.price_from === null ? {} : { price: content.price_from.toFixed(2) }),
      priceCurrency: "EUR",
      availability: availabilityOf(record, now),
      ...(onSale ? { validFrom: toIsoWithOffset(onSale) } : {}),
      // Sales close when the event starts.
      validThrough: toIsoWithOffset(record.start),
      url: input.ticketsUrl,
    },
  };
}
