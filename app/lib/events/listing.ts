import type { ResponsiveImage } from "#app/lib/image.ts";
import type { EventCategory } from "./categories";
import type { EventFilters } from "./filters";

/** An `<img>`'s attributes and its text alternative. */
export type EventImageData = ResponsiveImage & { alt: string };

/** One event as a card shows it: everything already formatted for the page's language. */
export interface EventCard {
  slug: string;
  name: string;
  category: EventCategory;
  /** ISO 8601 with the venue's offset, for `<time datetime>`. */
  startIso: string;
  /** "sáb, 5 dic". */
  dayLabel: string;
  /** "21:00". */
  time: string;
  location: string;
  /** Built on the server, so the image-URL code stays out of the browser bundle. */
  image: EventImageData;
  /** "35 €"; null when the price is not announced. */
  priceFrom: string | null;
  soldOut: boolean;
  comingSoon: boolean;
  past: boolean;
}

/** What the `events` block's resolver returns: one page of the filtered list and the filter links. */
export interface EventListData {
  filters: EventFilters;
  events: EventCard[];
  /** Matching events in all pages. */
  total: number;
  pageCount: number;
  /** Months that have upcoming events, for the month filter. */
  months: { key: string; label: string }[];
  /** Whether any upcoming event exists at all (tells "nothing scheduled" from "nothing matches"). */
  hasUpcoming: boolean;
}

/** What the `upcoming_events` block's resolver returns. */
export interface UpcomingEventsData {
  events: EventCard[];
}

/** What the `event_hero` block's resolver returns: the headline event, or null when nothing is scheduled. */
export interface EventHeroData {
  event:
    | (EventCard & { summary: string; hero: EventImageData; /** "viernes, 4 de diciembre de 2026". */ dayLong: string })
    | null;
}
