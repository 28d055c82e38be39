import type { EventCategory } from "./event";
import type { EventFilters } from "./filters";

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
  image: { src: string; alt: string };
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
