import type { EventCard as EventCardData } from "#app/lib/events/listing.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";

/** The badge an event card carries, if any: sold out wins over coming soon. */
export function EventStatusBadge({ event }: { event: Pick<EventCardData, "soldOut" | "comingSoon" | "past"> }) {
  const { t } = useI18n();
  if (event.past) return <span className="event-badge event-badge--past">{t("EVENTS.PAST")}</span>;
  if (event.soldOut) return <span className="event-badge event-badge--sold-out">{t("EVENTS.SOLD_OUT")}</span>;
  if (event.comingSoon) return <span className="event-badge event-badge--soon">{t("EVENTS.COMING_SOON")}</span>;
  return null;
}
