import * as v from "valibot";
import { AppLink } from "#app/components/app-link.tsx";
import type { UpcomingEventsData } from "#app/lib/events/listing.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { WithBlokData } from "./context";
import { EVENT_CARD_MESSAGES, EventCard } from "./events/event-card";
import { EventSlider } from "./events/event-slider";
import type { BlokDefinition } from "./definition";

/** How many events the block shows when editors do not say. */
export const DEFAULT_UPCOMING_LIMIT = 8;

export const upcomingEventsSchema = v.looseObject({
  component: v.literal("upcoming_events"),
  _uid: v.string(),
  title: v.optional(v.string()),
  /** Events picked by editors (a relation field); empty means "the next ones". */
  events: v.optional(v.array(v.union([v.string(), v.looseObject({ uuid: v.string() })])), []),
  /** How many to show; Storyblok number fields arrive as text. */
  limit: v.pipe(
    v.optional(v.union([v.number(), v.string()])),
    v.description("How many events to show at most. Empty: the site's default."),
  ),
  layout: v.pipe(
    v.optional(v.picklist(["slider", "gallery"]), "slider"),
    v.description("slider: one row that scrolls sideways; gallery: a grid of cards."),
  ),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: upcomingEventsSchema,
  messages: [
    EVENT_CARD_MESSAGES,
    "EVENTS.ROLE_SLIDE",
    "EVENTS.SLIDE",
    "EVENTS.SLIDER_NEXT",
    "EVENTS.SLIDER_PAUSE",
    "EVENTS.SLIDER_PREVIOUS",
    "EMPTY.EVENTS",
    "EVENTS.ROLE_CAROUSEL",
    "EVENTS.UPCOMING_TITLE",
    "EVENTS.VIEW_ALL",
  ],
  styles: ["events"],
} satisfies BlokDefinition;
export { UpcomingEvents as default };

type UpcomingEventsBlok = v.InferOutput<typeof upcomingEventsSchema>;

function UpcomingSkeleton({ layout }: { layout: UpcomingEventsBlok["layout"] }) {
  return <div className={`upcoming-events__skeleton upcoming-events__skeleton--${layout}`} aria-hidden="true" />;
}

/**
 * Upcoming events as a slider (the home page) or a gallery grid: the events editors picked, or
 * else the next ones on the calendar, with a link to the full list.
 */
export function UpcomingEvents({ blok }: { blok: UpcomingEventsBlok }) {
  const { lang, t } = useI18n();
  const titleId = `${blok._uid}-title`;
  const isSlider = blok.layout === "slider";
  return (
    <section
      className={`blok-upcoming-events upcoming-events--${blok.layout}`}
      aria-labelledby={titleId}
      aria-roledescription={isSlider ? t("EVENTS.ROLE_CAROUSEL") : undefined}
    >
      <div className="upcoming-events__header">
        <h2 id={titleId}>{blok.title || t("EVENTS.UPCOMING_TITLE")}</h2>
        <AppLink to={`/${lang}/events/`}>{t("EVENTS.VIEW_ALL")}</AppLink>
      </div>
      <WithBlokData<UpcomingEventsData>
        uid={blok._uid}
        fallback={<UpcomingSkeleton layout={blok.layout} />}
        errorElement={<p className="empty-state">{t("EMPTY.EVENTS")}</p>}
      >
        {(data) =>
          data.events.length === 0 ? (
            <p className="empty-state">{t("EMPTY.EVENTS")}</p>
          ) : isSlider ? (
            <EventSlider events={data.events} />
          ) : (
            <ul className="event-grid">
              {data.events.map((event) => (
                <li key={event.slug}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          )
        }
      </WithBlokData>
    </section>
  );
}
