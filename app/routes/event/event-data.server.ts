import type { AppContext } from "#app/lib/context.server.ts";
import { eventImage, toEventCard } from "#app/lib/events/cards.server.ts";
import { loadCatalogue } from "#app/lib/events/catalogue.server.ts";
import { parseLocal } from "#app/lib/events/dates.ts";
import { EVENTS_FOLDER, hasStarted, relationUuids, toEventRecord, type EventRecord } from "#app/lib/events/event.ts";
import { EVENT_SLUG, eventPath } from "#app/lib/events/event-links.ts";
import { formatDay, formatPrice, formatTime } from "#app/lib/events/format.ts";
import type { EventCard } from "#app/lib/events/listing.ts";
import { assertValidRoute, notFound } from "#app/lib/errors.ts";
import type { Lang } from "#app/lib/languages.ts";
import { resolveLink } from "#app/lib/rich-text/links.ts";
import type { Translate } from "#app/lib/i18n.ts";
import { eventJsonLd, type TicketSale } from "#app/lib/events/json-ld.ts";
import type { ImageRequest } from "#app/lib/image.ts";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { pageSeo, seoMeta } from "#app/lib/seo.ts";
import { editableOf } from "#app/lib/editable.server.ts";

/** The event story at `slug`, or null when there is none (or it is not a valid event). */
export async function findEvent(app: AppContext, slug: string): Promise<EventRecord | null> {
  if (!EVENT_SLUG.test(slug)) return null;
  const story = await app.content.getStory(app.lang, `${EVENTS_FOLDER}${slug}`);
  return story && story.content.component === "event" ? toEventRecord(story) : null;
}

/**
 * The event of an event route: a malformed slug is the route's validity rule failing (fatal 404),
 * an unknown event an ordinary 404.
 */
export async function requireEvent(app: AppContext, slug: string | undefined, pathname: string) {
  assertValidRoute(EVENT_SLUG.test(slug ?? ""), pathname);
  const record = await findEvent(app, slug ?? "");
  if (!record) notFound(pathname);
  return record;
}

/** A ticket link editors set, if it is a usable URL. */
function ticketHref(link: unknown, lang: Lang): string | null {
  return resolveLink(link, lang)?.href ?? null;
}

/**
 * Everything the event page shows, formatted on the server for the page's language; in a verified
 * preview, each artist hit carries its click-to-edit marker.
 */
export function eventView(record: EventRecord, lang: Lang, now: Date, preview = false) {
  const { content } = record;
  const doors = content.doors_open ? parseLocal(content.doors_open) : null;
  const past = hasStarted(record, now);
  return {
    card: toEventCard(record, lang, now),
    day: formatDay(record.start, lang),
    time: formatTime(record.start),
    doors: doors ? formatTime(doors) : null,
    price: content.price_from === null ? null : formatPrice(content.price_from, lang),
    summary: content.summary,
    description: content.description ?? null,
    performer: content.performer,
    hits: content.artist_hits.map((hit) => ({ id: hit._uid, title: hit.title, ...editableOf(hit, preview) })),
    venueTicketUrl: ticketHref(content.venue_ticket_link, lang),
    promoterTicketUrl: ticketHref(content.promoter_ticket_link, lang),
    promoterName: content.promoter_name,
    /** Tickets can be bought: not past, not sold out, on sale. */
    onSale: !past && !content.sold_out && !content.coming_soon,
  };
}
export type EventView = ReturnType<typeof eventView>;

/** The related events editors picked, as cards, in their order; missing ones are skipped. */
export async function relatedEvents(app: AppContext, record: EventRecord, now: Date): Promise<EventCard[]> {
  const wanted = relationUuids(record.content.related_events);
  if (wanted.length === 0) return [];
  const { byUuid } = await loadCatalogue(app.content, app.lang);
  return wanted.flatMap((uuid) => {
    const related = byUuid.get(uuid);
    return related && related.uuid !== record.uuid ? [toEventCard(related, app.lang, now)] : [];
  });
}

/** Below this, a summary says too little for a search result: facts are added to it. */
const SHORT_DESCRIPTION = 50;

/**
 * The event's description for search engines and social cards: its summary, completed with
 * the facts of the event (name, day, time, hall) when the summary is short, so no two events
 * share a description and none is a fragment ("Jornada 9 de la liga.").
 */
export function eventDescription(record: EventRecord, lang: Lang, t: Translate): string {
  const summary = record.content.summary.replace(/\s+/g, " ").trim();
  if (summary.length >= SHORT_DESCRIPTION) return summary;
  const facts = t("SEO.EVENT_FACTS", {
    name: record.content.name,
    day: formatDay(record.start, lang),
    time: formatTime(record.start),
    site: t("SITE.NAME"),
  });
  return summary ? `${summary} ${facts}` : facts;
}

/**
 * A link as the markup gives it: another site's address as it is, one of ours on `origin`, or
 * site-relative when no origin is configured (production without PUBLIC_ORIGIN, app/lib/origin.ts).
 */
function onOrigin(href: string, origin: string): string {
  if (URL.canParse(href)) return new URL(href).href;
  return origin ? new URL(href, `${origin}/`).href : href;
}

/**
 * Who sells the event's tickets, as its page links them (absolute URLs): the Arena's ticket
 * page when the venue sells, the promoter's site when the promoter does, both when both do;
 * none when the page offers no purchase.
 */
export function ticketSales(event: EventView, origin: string, page: string): TicketSale[] {
  const sales: TicketSale[] = [];
  if (event.venueTicketUrl) sales.push({ seller: "venue", url: `${origin}${page}tickets/` });
  if (event.promoterTicketUrl)
    sales.push({
      seller: "promoter",
      name: event.promoterName,
      url: onOrigin(event.promoterTicketUrl, origin),
    });
  return sales;
}

/**
 * The hero above the fold, loaded at once: the page's width on phones, then its picture column
 * (7/12 of the page from 64rem, app/styles/events.css).
 */
const HERO_IMAGE: ImageRequest = {
  width: 1200,
  height: 675,
  loading: "eager",
  sizes: "(min-width: 76rem) 41rem, (min-width: 64rem) 55vw, 100vw",
};

/**
 * What the event page renders of an event: its view, hero, head and JSON-LD, and in a verified
 * preview the story's click-to-edit marker. The one builder for the page's loader and for a draft
 * the Visual Editor sends while the editor types.
 */
export function eventPageData(app: Pick<AppContext, "lang" | "origin" | "preview">, record: EventRecord, now: Date) {
  const { origin, lang, preview } = app;
  const { content } = record;
  const t = translatorFor(lang);
  const description = eventDescription(record, lang, t);
  const seo = pageSeo({
    origin,
    lang,
    slug: `event/${record.slug}`,
    pageTitle: content.name,
    fields: { description, og_image: content.image },
    t,
  });
  const view = eventView(record, lang, now, preview);
  const jsonLd = eventJsonLd({
    record,
    origin,
    url: seo.canonical,
    sales: ticketSales(view, origin, eventPath(lang, record.slug)),
    home: `${origin}/${lang}/`,
    description,
    now,
  });
  return {
    event: view,
    hero: eventImage(record, HERO_IMAGE),
    meta: seoMeta(seo),
    jsonLd,
    ...editableOf(content, preview),
  };
}
export type EventPageData = ReturnType<typeof eventPageData>;
