/** Checks shared by the events tests: what an event page's structured data and calendar file must be. */
import * as v from "valibot";
import { expect } from "vitest";

const IsoWithOffset = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?[+-]\d{2}:\d{2}$/));
const AbsoluteUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//));

/** One offer of an event, with Google's documented Event availability values (none while not yet on sale: `validFrom` says when). */
const Offer = v.looseObject({
  "@type": v.literal("Offer"),
  price: v.optional(v.pipe(v.string(), v.regex(/^\d+(\.\d{2})?$/))),
  priceCurrency: v.optional(v.literal("EUR")),
  availability: v.optional(
    v.picklist(["https://schema.org/InStock", "https://schema.org/SoldOut", "https://schema.org/PreOrder"]),
  ),
  validFrom: v.optional(IsoWithOffset),
  validThrough: IsoWithOffset,
  url: v.optional(AbsoluteUrl),
  seller: v.optional(v.looseObject({ "@type": v.literal("Organization"), name: v.string() })),
});

/**
 * What the event page's structured data must carry: the fields Google's Event rich result
 * requires (name, startDate with an offset, location with an address) and the ones this site
 * promises (status, an offer only as the page states it, performer, image). Used by tests.
 */
export const EventJsonLdSchema = v.looseObject({
  "@context": v.literal("https://schema.org"),
  "@type": v.picklist(["Event", "MusicEvent", "SportsEvent", "TheaterEvent", "ComedyEvent"]),
  name: v.pipe(v.string(), v.minLength(1)),
  startDate: IsoWithOffset,
  endDate: v.optional(IsoWithOffset),
  eventStatus: v.picklist([
    "https://schema.org/EventScheduled",
    "https://schema.org/EventCancelled",
    "https://schema.org/EventPostponed",
    "https://schema.org/EventRescheduled",
  ]),
  location: v.looseObject({
    "@type": v.literal("Place"),
    name: v.pipe(v.string(), v.minLength(1)),
    address: v.looseObject({
      "@type": v.literal("PostalAddress"),
      streetAddress: v.pipe(v.string(), v.minLength(1)),
      addressLocality: v.pipe(v.string(), v.minLength(1)),
      postalCode: v.pipe(v.string(), v.minLength(1)),
      addressCountry: v.literal("ES"),
    }),
  }),
  image: v.pipe(v.array(AbsoluteUrl), v.minLength(1)),
  performer: v.looseObject({ "@type": v.string(), name: v.pipe(v.string(), v.minLength(1)) }),
  // Only while something is sold: one offer, or a list when more than one seller sells.
  offers: v.optional(v.union([Offer, v.pipe(v.array(Offer), v.minLength(2))])),
  organizer: v.looseObject({ "@type": v.literal("Organization"), url: AbsoluteUrl }),
});

/** A minimal RFC 5545 reader: checks line ends and folding, unfolds, and splits properties. */
export function parseIcs(text: string): { name: string; params: string; value: string }[] {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const unfolded = text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n");
  return unfolded.map((line) => {
    const match = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${line}`);
    return { name: match[1] ?? "", params: match[2] ?? "", value: match[3] ?? "" };
  });
}
