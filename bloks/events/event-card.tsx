import { AppLink } from "#app/components/app-link.tsx";
import { eventPath } from "#app/lib/events/event-links.ts";
import type { EventCard as EventCardData } from "#app/lib/events/listing.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import type { MessageNamespace } from "#app/lib/i18n.ts";
import { EventImage } from "./event-image";
import { EventStatusBadge } from "./event-status-badge";

export { EventStatusBadge };

/** The messages an event card shows (badges, category, price): sent with every page that has one. */
export const EVENT_CARD_MESSAGES = [
  "EVENTS.CATEGORY",
  "EVENTS.COMING_SOON",
  "EVENTS.PAST",
  "EVENTS.PRICE_FROM",
  "EVENTS.SOLD_OUT",
] as const satisfies readonly MessageNamespace[];

/**
 * One event in a list, gallery or slider: image, date and time, name (the link to its page),
 * location, price and status. The whole card is one link target, the heading. The `lead` card (the
 * first of a list, likely the largest thing on the first screen) fetches its image first.
 */
export function EventCard({
  event,
  headingLevel = 3,
  lead = false,
}: {
  event: EventCardData;
  headingLevel?: 2 | 3;
  lead?: boolean;
}) {
  const { lang, t } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="event-card">
      <EventImage className="event-card__image" image={lead ? { ...event.image, loading: "eager" } : event.image} />
      <div className="event-card__body">
        <p className="event-card__meta">
          <span className="event-card__category">{t(`EVENTS.CATEGORY.${event.category}`)}</span>
          <EventStatusBadge event={event} />
        </p>
        <Heading className="event-card__title">
          <AppLink to={eventPath(lang, event.slug)}>{event.name}</AppLink>
        </Heading>
        <p className="event-card__when">
          <time dateTime={event.startIso}>
            {event.dayLabel} · {event.time}
          </time>
        </p>
        <p className="event-card__where">{event.location}</p>
        {event.priceFrom && !event.soldOut && !event.past ? (
          <p className="event-card__price">{t("EVENTS.PRICE_FROM", { price: event.priceFrom })}</p>
        ) : null}
      </div>
    </article>
  );
}
