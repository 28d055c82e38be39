import * as v from "valibot";
import { AppLink } from "#app/components/app-link.tsx";
import { ResponsiveImg } from "#app/components/responsive-img.tsx";
import { eventPath } from "#app/lib/events/event-links.ts";
import type { EventHeroData } from "#app/lib/events/listing.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { WithBlokData } from "./context";
import { EVENT_CARD_MESSAGES, EventStatusBadge } from "./events/event-card";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { BlokDefinition } from "./definition";

export const eventHeroSchema = v.looseObject({
  component: v.literal("event_hero"),
  _uid: v.string(),
  /** The page's heading (its only `h1`), shown above the event. */
  title: v.optional(v.string()),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: eventHeroSchema,
  messages: [EVENT_CARD_MESSAGES, "EMPTY.EVENTS", "EVENTS.BUY_NOW", "EVENTS.HERO"],
  styles: ["home", "events"],
} satisfies BlokDefinition;
export { EventHero as default };

type HeroEvent = NonNullable<EventHeroData["event"]>;

/**
 * The home page's opening: the next headline event (an event story with `headline` set, else the
 * next event) with its image, date and a buy link. Its data is resolved above the fold, so the
 * image (the page's LCP element) is in the first bytes, eager and fetched first.
 */
export function EventHero({ blok }: { blok: v.InferOutput<typeof eventHeroSchema> }) {
  const { t } = useI18n();
  return (
    <section className="blok-event-hero event-hero on-night" aria-labelledby={`${blok._uid}-name`}>
      <WithBlokData<EventHeroData>
        uid={blok._uid}
        fallback={null}
        errorElement={<p className="empty-state">{t("EMPTY.EVENTS")}</p>}
      >
        {(data) =>
          data.event ? (
            <HeroBody event={data.event} title={blok.title} uid={blok._uid} />
          ) : (
            <div className="event-hero__text">
              {blok.title ? <h1 className="event-hero__title">{blok.title}</h1> : null}
              <p className="empty-state" id={`${blok._uid}-name`}>
                {t("EMPTY.EVENTS")}
              </p>
            </div>
          )
        }
      </WithBlokData>
    </section>
  );
}

function HeroBody({ event, title, uid }: { event: HeroEvent; title?: string; uid: string }) {
  const { lang, t } = useI18n();
  const page = eventPath(lang, event.slug);
  const onSale = !event.soldOut && !event.comingSoon && !event.past;
  return (
    <>
      <div className="event-hero__media">
        <ResponsiveImg image={event.hero} alt={event.hero.alt} className="event-hero__image" />
      </div>
      <div className="event-hero__text">
        {title ? <h1 className="event-hero__title">{title}</h1> : null}
        <p className="event-hero__meta">
          <span className="badge badge--accent">{t("EVENTS.HERO.LABEL")}</span>
          <span>{t(`EVENTS.CATEGORY.${event.category}`)}</span>
          <EventStatusBadge event={event} />
        </p>
        <h2 className="event-hero__name" id={`${uid}-name`}>
          {event.name}
        </h2>
        {event.summary ? <p className="event-hero__summary">{event.summary}</p> : null}
        <p className="event-hero__when">
          <time dateTime={event.startIso}>
            {event.dayLong} · {event.time}
          </time>
          <span className="event-hero__where">{event.location}</span>
        </p>
        <p className="event-hero__actions">
          {onSale ? (
            <AppLink
              className={buttonClass({ variant: "primary", color: "buy", size: "l" }, "event-hero__buy")}
              to={`${page}tickets/`}
            >
              {t("EVENTS.BUY_NOW")}
            </AppLink>
          ) : null}
          <AppLink className={buttonClass({ size: "l" }, "event-hero__details")} to={page}>
            {t("EVENTS.HERO.DETAILS")}
          </AppLink>
        </p>
      </div>
    </>
  );
}
