/** The job offers block's server data: today's date at the arena, so expired offers can be left out. */
export interface JobOffersData {
  /** `YYYY-MM-DD` in the venue's time zone. */
  today: string;
}

/** Today's date at the arena (`YYYY-MM-DD`), where application deadlines are counted. */
export function venueToday(now: Date, timeZone = "Europe/Madrid"): string {
  // The Swedish locale writes dates as ISO `YYYY-MM-DD`.
  return new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** An offer is open up to and including its deadline day; one without a deadline stays open. */
export function isOpen(deadline: string, today: string): boolean {
  return deadline === "" || deadline.slice(0, 10) >= today;
}
