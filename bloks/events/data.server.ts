import * as v from "valibot";
import type { Blok } from "#app/lib/content-types.ts";
import { eventImage, toEventCard } from "#app/lib/events/cards.server.ts";
import { buildEventList, loadCatalogue, pickHeadline, pickUpcoming } from "#app/lib/events/catalogue.server.ts";
import { relationUuids } from "#app/lib/events/event.ts";
import { notFound } from "#app/lib/errors.ts";
import { DEFAULT_EVENTS_PER_PAGE, filtersQuery, parseEventFilters } from "#app/lib/events/filters.ts";
import { formatDay } from "#app/lib/events/format.ts";
import type { EventHeroData, EventListData, UpcomingEventsData } from "#app/lib/events/listing.ts";
import type { BlokDataArgs } from "#bloks/data.server.ts";
import { HERO_IMAGE } from "#bloks/event-hero-image.ts";
import { eventsSchema } from "#bloks/events.tsx";
import { DEFAULT_UPCOMING_LIMIT, upcomingEventsSchema } from "#bloks/upcoming-events.tsx";

/** A count field from the CMS (number or numeric text) within 1…max, else the default. */
function countField(value: unknown, fallback: number, max: number): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/**
 * The `events` block: one page of the list for the filters in the page's URL. A malformed filter
 * value or a page past the last is a 404 (the page's loader awaits this resolver, so the status
 * is the page's): no URL answers a copy of another view.
 */
export async function resolveEventList(blok: Blok, { app, url }: BlokDataArgs): Promise<EventListData> {
  const filters = parseEventFilters(url.searchParams);
  if (!filters) notFound(url.pathname);
  const parsed = v.safeParse(eventsSchema, blok);
  const perPage = countField(parsed.success ? parsed.output.per_page : undefined, DEFAULT_EVENTS_PER_PAGE, 48);
  const catalogue = await loadCatalogue(app.content, app.lang);
  const list = buildEventList(catalogue, filters, { lang: app.lang, now: new Date(), perPage });
  if (filters.page > list.pageCount) notFound(url.pathname);
  return list;
}

/**
 * The query a page holding the event list keeps in its canonical URL and alternates: the list's
 * own view (`?category=comedy&page=2`), so page 2 never claims to be page 1. Empty for a URL the
 * list refuses (its resolver answers 404).
 */
export function eventListCanonicalQuery(url: URL): string {
  const filters = parseEventFilters(url.searchParams);
  return filters ? filtersQuery(filters) : "";
}

/** The `upcoming_events` block: the picked events, or the next ones. */
export async function resolveUpcomingEvents(blok: Blok, { app }: BlokDataArgs): Promise<UpcomingEventsData> {
  const parsed = v.safeParse(upcomingEventsSchema, blok);
  if (!parsed.success) return { events: [] };
  const now = new Date();
  const limit = countField(parsed.output.limit, DEFAULT_UPCOMING_LIMIT, 24);
  const catalogue = await loadCatalogue(app.content, app.lang);
  const picked = pickUpcoming(catalogue, relationUuids(parsed.output.events), limit, now);
  return { events: picked.map((record) => toEventCard(record, app.lang, now)) };
}

/** The `event_hero` block: the next headline event, with its image at the hero's size. */
export async function resolveEventHero(_blok: Blok, { app }: BlokDataArgs): Promise<EventHeroData> {
  const now = new Date();
  const record = pickHeadline(await loadCatalogue(app.content, app.lang), now);
  if (!record) return { event: null };
  return {
    event: {
      ...toEventCard(record, app.lang, now),
      summary: record.content.summary,
      dayLong: formatDay(record.start, app.lang, "long"),
      hero: eventImage(record, HERO_IMAGE),
    },
  };
}
