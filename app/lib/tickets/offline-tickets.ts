import type { Lang } from "#app/lib/languages.ts";

/**
 * The names the ticket service worker (public/tickets-sw.js) and the pages share. Every cache of
 * offline tickets starts with the prefix: one per member (`arena-tickets:<uid>`) for their ticket
 * pages, and one for the page code those pages load.
 */
export const TICKETS_CACHE_PREFIX = "arena-tickets:";
export const TICKET_ASSETS_CACHE = `${TICKETS_CACHE_PREFIX}assets`;
export const TICKETS_WORKER_URL = "/tickets-sw.js";

/**
 * The service worker's scope: one language's member area, so a member page that cannot load
 * offline (the overview, their events) can be answered with the kept list of tickets. It answers
 * every page there from the network first and stores only the ticket pages (docs/tickets.md).
 */
export const ticketsScope = (lang: Lang) => `/${lang}/dashboard/`;

/** The list of the member's upcoming tickets, kept with their pages: where an offline member starts. */
export const ticketsIndexPath = (lang: Lang) => `/${lang}/dashboard/tickets/`;

/** What a member page hands the browser so the member's upcoming tickets open offline. */
export interface OfflineTicketsData {
  /** The member's uid: names their cache, so another member's copies can be told apart and dropped. */
  member: string;
  /** The list of the member's upcoming tickets (`ticketsIndexPath`). */
  index: string;
  /** The pages of the member's upcoming tickets, soonest first. */
  pages: string[];
}
