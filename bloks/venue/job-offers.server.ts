import { venueToday } from "#app/lib/venue-today.ts";
import type { JobOffersData } from "./job-deadline";

/** The `job_offers` block's data: the arena's date today, decided once on the server. */
export async function resolveJobOffers(): Promise<JobOffersData> {
  return { today: venueToday(new Date()) };
}
