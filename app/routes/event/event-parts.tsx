import { EventCard } from "../../../bloks/events/event-card";
import type { EventCard as EventCardData } from "~/lib/events/listing";
import { useI18n } from "~/lib/i18n-context";
import { JsonLd } from "~/lib/json-ld";
import { RichText, type RichTextNode } from "~/lib/rich-text";

/**
 * The parts of an event's page that are server HTML only, in a file of their own: the browser
 * loads them only when React must render them (app/lib/on-demand.tsx, `staticOnDemand`), so the
 * first load of an event page carries neither the rich-text renderer, the event cards nor the
 * JSON-LD serialiser.
 */
/** The event in schema.org JSON-LD, carrying the response's nonce (app/lib/json-ld.tsx). */
export const EventJsonLd = JsonLd;

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
