import type { ContentSource } from "#app/lib/content-source.ts";
import { parseLocal, toInstant } from "#app/lib/events/dates.ts";
import { formatTime } from "#app/lib/events/format.ts";
import type { EventRecord } from "#app/lib/events/event.ts";
import { eventImage } from "#app/lib/events/cards.server.ts";
import { loadEvents } from "#app/lib/events/catalogue.server.ts";
import { eventPath } from "#app/lib/events/event-links.ts";
import type { EventImageData } from "#app/lib/events/listing.ts";
import { buildImage } from "#app/lib/image.ts";
import { HTML_LANG, type Lang } from "#app/lib/languages.ts";
import { ticketKey, type MemberTicket } from "./members.server";
import { dashboardPath } from "./session";
import { ticketsIndexPath, type OfflineTicketsData } from "#app/lib/tickets/offline-tickets.ts";

/** One ticket as the member's cards show it: formatted for the page's language, with its event's picture. */
export interface TicketCardData {
  id: string;
  /** The event's name in the page's language when the event is in the content, else as sold. */
  eventName: string;
  eventPath: string;
  /** The ticket's own page in the member area (the code to show at the gate). */
  ticketPath: string;
  /** The add-to-calendar file, for an event still to come that the content knows. */
  calendarPath: string | null;
  startIso: string;
  eventDate: string;
  purchaseDate: string;
  price: string;
  seat: string;
  section: string;
  entrance: string;
  /** When the doors open ("18:45"), when the content announces it for the ticket's date. */
  doors: string | null;
  /** Where in the venue, from the event's content; null for an event the content no longer has. */
  location: string | null;
  /** What the gate scanners read; "" while the platform has not issued it. */
  code: string;
  image: EventImageData;
}

/** The member's page of one ticket (ids are the platform's, so any character is escaped). */
export const ticketPath = (lang: Lang, id: string) =>
  `${dashboardPath(lang)}tickets/${encodeURIComponent(ticketKey(id))}/`;

/**
 * The doors time the event's content announces, only while the content's date is the ticket's:
 * an event moved in one system before the other must not send anyone to the gate at a wrong time.
 */
function doorsFor(record: EventRecord | undefined, startsAt: string): string | null {
  const doors = record?.content.doors_open ? parseLocal(record.content.doors_open) : null;
  if (!record || !doors || toInstant(record.start).getTime() !== Date.parse(startsAt)) return null;
  return formatTime(doors);
}

/** Cards show a 16:9 image in a column up to about 420 pixels wide. */
const TICKET_IMAGE = { width: 420, height: 236 } as const;

/**
 * The member's tickets as cards. Each ticket names its event by slug; the event's story gives the
 * picture and the translated name. A ticket for an event the content no longer has keeps its
 * sold name, the default picture and no calendar link.
 */
export async function ticketCards(
  tickets: MemberTicket[],
  { content, lang, now = new Date() }: { content: ContentSource; lang: Lang; now?: Date },
): Promise<TicketCardData[]> {
  if (tickets.length === 0) return [];
  const events = new Map((await loadEvents(content, lang)).map((record) => [record.slug, record]));
  const locale = HTML_LANG[lang];
  // The venue's 24-hour clock, as printed on tickets, in every language.
  const day = new Intl.DateTimeFormat(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Europe/Madrid",
  });
  const bought = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Madrid" });
  return tickets.map((ticket) => {
    const record = events.get(ticket.eventSlug);
    const path = eventPath(lang, ticket.eventSlug);
    const upcoming = new Date(ticket.eventStartsAt).getTime() > now.getTime();
    return {
      id: ticket.id,
      eventName: record?.content.name ?? ticket.eventName,
      eventPath: path,
      ticketPath: ticketPath(lang, ticket.id),
      calendarPath: record && upcoming ? `${path}calendar.ics` : null,
      startIso: ticket.eventStartsAt,
      eventDate: day.format(new Date(ticket.eventStartsAt)),
      purchaseDate: bought.format(new Date(ticket.purchasedAt)),
      price: new Intl.NumberFormat(locale, { style: "currency", currency: ticket.currency }).format(
        ticket.priceCents / 100,
      ),
      seat: ticket.seat,
      section: ticket.section,
      entrance: ticket.entrance,
      doors: doorsFor(record, ticket.eventStartsAt),
      location: record?.content.location ?? null,
      code: ticket.code,
      image: record ? eventImage(record, TICKET_IMAGE) : { ...buildImage(null, TICKET_IMAGE), alt: "" },
    };
  });
}

/**
 * How many upcoming tickets a device keeps: each is fetched again whenever a member page keeps
 * them (so a reissued code or a changed seat reaches the device), and the soonest are what a gate
 * will ask for next; a season's worth would cost a request per game on every visit.
 */
export const OFFLINE_TICKETS_KEPT = 10;

/** The member's soonest upcoming ticket pages, for the browser to keep offline (app/components/auth/offline-tickets.tsx). */
export function offlineTickets(uid: string, upcoming: MemberTicket[], lang: Lang): OfflineTicketsData {
  return {
    member: uid,
    index: ticketsIndexPath(lang),
    pages: upcoming.slice(0, OFFLINE_TICKETS_KEPT).map((ticket) => ticketPath(lang, ticket.id)),
  };
}
