import { EventCard } from "#bloks/events/event-card.tsx";
import { AppLink } from "#app/components/app-link.tsx";
import { eventPath } from "#app/lib/events/event-links.ts";
import { EventStatusBadge } from "#bloks/events/event-status-badge.tsx";
import type { EventCard as EventCardData } from "#app/lib/events/listing.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { JsonLd } from "#app/lib/json-ld.tsx";
import { RichText, type RichTextNode } from "#app/lib/rich-text.tsx";
import type { EventView } from "./event-data.server";
import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * The parts of an event's page that are server HTML only, in a file of their own: the browser
 * loads them only when React must render them (app/lib/on-demand.tsx, `staticOnDemand`), so the
 * first load of an event page carries neither the rich-text renderer, the event cards nor the
 * JSON-LD serialiser.
 */
/** The event in schema.org JSON-LD, carrying the response's nonce (app/lib/json-ld.tsx). */
export const EventJsonLd = JsonLd;

/** The event's name, what it is, when and where, what it costs and how to buy: the column beside
 * the picture on wide screens, while the description flows on under the picture
 * (app/styles/events.css). */
export function EventIntro({ event }: { event: EventView }) {
  const { lang, t } = useI18n();
  const { card } = event;
  return (
    <div className="event-page__aside">
      <header className="event-page__header">
        <p className="event-card__meta">
          <AppLink to={`/${lang}/events/?category=${card.category}`}>{t(`EVENTS.CATEGORY.${card.category}`)}</AppLink>
          <EventStatusBadge event={card} />
        </p>
        <h1>{card.name}</h1>
        {event.summary ? <p className="event-page__summary">{event.summary}</p> : null}
      </header>
      <EventFacts event={event} />
      <EventPurchase event={event} />
      {card.past ? null : (
        <p className="event-page__calendar">
          <a href={`${eventPath(lang, card.slug)}calendar.ics`} download={`${card.slug}.ics`}>
            {t("EVENTS.ADD_TO_CALENDAR")}
          </a>
        </p>
      )}
    </div>
  );
}

/** What the artist is known for, and the way back to the whole calendar. */
export function EventMore({ event }: { event: EventView }) {
  const { lang, t } = useI18n();
  return (
    <>
      {event.hits.length > 0 ? (
        <section aria-labelledby="event-hits-title">
          <h2 id="event-hits-title">{t("EVENTS.ARTIST_HITS")}</h2>
          <ul className="event-hits">
            {event.hits.map((hit) => (
              <li key={hit.id} {...hit.editable}>
                {hit.title}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <AppLink to={`/${lang}/events/`}>{t("EVENTS.ALL_EVENTS")}</AppLink>
      </p>
    </>
  );
}

/** When, where and what it costs. */
export function EventFacts({ event }: { event: EventView }) {
  const { t } = useI18n();
  return (
    <dl className="event-facts" aria-label={t("EVENTS.DETAILS")}>
      <div>
        <dt>{t("EVENTS.DAY")}</dt>
        <dd>
          <time dateTime={event.card.startIso.slice(0, 10)}>{event.day}</time>
        </dd>
      </div>
      <div>
        <dt>{t("EVENTS.TIME")}</dt>
        <dd>
          <time dateTime={event.card.startIso}>{event.time}</time>
        </dd>
      </div>
      {event.doors ? (
        <div>
          <dt>{t("EVENTS.DOORS")}</dt>
          <dd>{event.doors}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t("EVENTS.LOCATION")}</dt>
        <dd>{event.card.location}</dd>
      </div>
      {/* Once the event has taken place nothing is on sale: no "From 25 €". */}
      {event.card.past ? null : (
        <div>
          <dt>{t("EVENTS.PRICE")}</dt>
          <dd>{event.price ? t("EVENTS.PRICE_FROM", { price: event.price }) : t("EVENTS.PRICE_TBA")}</dd>
        </div>
      )}
    </dl>
  );
}

export function EventDescription({ document }: { document: RichTextNode }) {
  return (
    <div className="event-page__description">
      <RichText document={document} />
    </div>
  );
}

export function RelatedEvents({ events }: { events: EventCardData[] }) {
  const { t } = useI18n();
  if (events.length === 0) return null;
  return (
    <section className="event-related" aria-labelledby="event-related-title">
      <h2 id="event-related-title">{t("EVENTS.RELATED")}</h2>
      <ul className="event-grid">
        {events.map((related) => (
          <li key={related.slug}>
            <EventCard event={related} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Buy buttons while tickets are on sale; otherwise the reason they are not. */
export function EventPurchase({ event }: { event: EventView }) {
  const { lang, t } = useI18n();
  const { card } = event;
  if (card.past) return <p className="event-note">{t("EVENTS.PAST_NOTE")}</p>;
  if (card.soldOut) return <p className="event-note event-note--sold-out">{t("EVENTS.SOLD_OUT_NOTE")}</p>;
  if (card.comingSoon) return <p className="event-note">{t("EVENTS.COMING_SOON_NOTE")}</p>;
  return (
    <div className="event-actions">
      {event.venueTicketUrl ? (
        <AppLink
          className={buttonClass({ variant: "primary", color: "buy" })}
          to={`${eventPath(lang, card.slug)}tickets/`}
        >
          {t("EVENTS.BUY_VENUE")}
        </AppLink>
      ) : null}
      {event.promoterTicketUrl ? (
        <AppLink className={buttonClass({ color: "buy" })} to={event.promoterTicketUrl}>
          {event.promoterName ? t("EVENTS.BUY_PROMOTER_NAMED", { name: event.promoterName }) : t("EVENTS.BUY_PROMOTER")}
        </AppLink>
      ) : null}
    </div>
  );
}
