/** The job offers block's server data: today's date at the arena, so expired offers can be left out. */
export interface JobOffersData {
  /** `YYYY-MM-DD` in the venue's time zone. */
  today: string;
}

/** An offer is open up to and including its deadline day; one without a deadline stays open. */
export function isOpen(deadline: string, today: string): boolean {
  return deadline === "" || deadline.slice(0, 10) >= today;
}
