import type { Lang } from "#app/lib/languages.ts";
import { buildImage, type ImageRequest } from "#app/lib/image.ts";
import { toIsoWithOffset } from "./dates";
import { hasStarted, type EventRecord } from "./event";
import { formatDay, formatPrice, formatTime } from "./format";
import type { EventCard, EventImageData } from "./listing";

// How an event shows on a card and in an `<img>`, worked out once per record (records are kept
// per content version by the catalogue, catalogue.server.ts) and shared by every request.

/** Cards show a 16:9 image in a column about 480 pixels wide. */
const CARD_IMAGE: ImageRequest = { width: 480, height: 270 };

const images = new WeakMap<EventRecord, Map<ImageRequest, EventImageData>>();

/**
 * An event's image as an `<img>` needs it, at the size asked for. Built once per record (records
 * are kept per content version) and request object, so pass a constant `request`; the result is
 * shared and must not be changed.
 */
export function eventImage(record: EventRecord, request: ImageRequest): EventImageData {
  let sizes = images.get(record);
  if (!sizes) images.set(record, (sizes = new Map()));
  let image = sizes.get(request);
  if (!image) {
    const { filename, alt } = record.content.image;
    image = { ...buildImage(filename, request), alt: alt ?? "" };
    sizes.set(request, image);
  }
  return image;
}

const cards = new WeakMap<EventRecord, Partial<Record<Lang, Omit<EventCard, "past">>>>();

/**
 * An event as a card shows it, formatted for `lang`. All but `past` is worked out once per
 * record (kept per content version) and language: dates, price and image URLs every request
 * used to build again.
 */
export function toEventCard(record: EventRecord, lang: Lang, now: Date): EventCard {
  let byLang = cards.get(record);
  if (!byLang) cards.set(record, (byLang = {}));
  const card = (byLang[lang] ??= cardOf(record, lang));
  return { ...card, past: hasStarted(record, now) };
}

function cardOf(record: EventRecord, lang: Lang): Omit<EventCard, "past"> {
  const { content } = record;
  return {
    slug: record.slug,
    name: content.name,
    category: content.category,
    startIso: toIsoWithOffset(record.start),
    dayLabel: formatDay(record.start, lang, "short"),
    time: formatTime(record.start),
    location: content.location,
    image: eventImage(record, CARD_IMAGE),
    priceFrom: content.price_from === null ? null : formatPrice(content.price_from, lang),
    soldOut: content.sold_out,
    comingSoon: content.coming_soon,
  };
}
