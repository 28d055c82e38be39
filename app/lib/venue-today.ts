/**
 * Today's date at the arena (`YYYY-MM-DD`): where job offers' deadlines are counted and where a
 * refund's incident cannot yet have happened after. The same on the server and in the browser.
 * The zone is `VENUE_TIME_ZONE` (events/dates.ts), written out: importing that module here made
 * the bundler split it into a chunk of its own, shared by the forms and the event pages, and
 * every page's first load paid for the extra preload entry.
 */
export function venueToday(now: Date, timeZone = "Europe/Madrid"): string {
  // The Swedish locale writes dates as ISO `YYYY-MM-DD`.
  return new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
