import { data } from "react-router";
import type { Route } from "./+types/tickets";
import { AppLink } from "#app/components/app-link.tsx";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import { assertValidRoute } from "#app/lib/errors.ts";
import { EVENT_SLUG, eventPath } from "#app/lib/events/event-links.ts";
import type { MessageNamespace } from "#app/lib/i18n.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { pageSeo, seoMeta } from "#app/lib/seo.ts";
import { eventView, findEvent, type EventView } from "./event-data.server";
import { routeMessages } from "#app/lib/messages.server.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { requestStyles } from "#app/lib/page-styles.server.ts";
import { PlainImg } from "#app/components/plain-img.tsx";
import { eventImage } from "#app/lib/events/cards.server.ts";
import type { ImageRequest } from "#app/lib/image.ts";

/** The event's picture beside the ways to buy: the page's width on phones, 5/12 of it from 56rem. */
const TICKETS_IMAGE: ImageRequest = {
  width: 960,
  height: 540,
  loading: "eager",
  sizes: "(min-width: 76rem) 30rem, (min-width: 56rem) 40vw, 100vw",
};

/** Built by the loader; ticket pages are a step towards the box office, not for search engines. */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/**
 * Why tickets can or cannot be bought here, in the order visitors need to know it. An event on
 * sale without a venue link is "Event without purchase link" (SPEC section 8).
 */
function saleState(event: EventView): "past" | "sold-out" | "coming-soon" | "no-link" | "on-sale" {
  if (event.card.past) return "past";
  if (event.card.soldOut) return "sold-out";
  if (event.card.comingSoon) return "coming-soon";
  return event.venueTicketUrl ? "on-sale" : "no-link";
}

/** What the ticket page shows, the not-found and no-link states included. */
const TICKETS_MESSAGES: readonly MessageNamespace[] = [
  "TICKET",
  "EVENTS.ALL_EVENTS",
  "EVENTS.BACK_TO_EVENT",
  "EVENTS.BUY_NOW",
  "EVENTS.BUY_PROMOTER",
  "EVENTS.BUY_PROMOTER_NAMED",
  "EVENTS.COMING_SOON_NOTE",
  "EVENTS.DAY",
  "EVENTS.DETAILS",
  "EVENTS.DOORS",
  "EVENTS.LOCATION",
  "EVENTS.PRICE",
  "EVENTS.PRICE_FROM",
  "EVENTS.PRICE_TBA",
  "EVENTS.TICKETS_ACCOUNT_HINT",
  "EVENTS.TICKETS_ACCOUNT_LINK",
  "EVENTS.TIME",
  "EVENTS.NOT_FOUND_HINT",
  "EVENTS.NO_LINK_HINT",
  "EVENTS.PAST_NOTE",
  "EVENTS.SOLD_OUT_NOTE",
  "EVENTS.TICKETS_INTRO",
  "EVENTS.TICKETS_TITLE",
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requestStyles(context, ["events"]);
  const app = context.get(appContext);
  const url = new URL(request.url);
  const slug = params.slug ?? "";
  assertValidRoute(EVENT_SLUG.test(slug), url.pathname);
  const t = translatorFor(app.lang);
  const messages = routeMessages(app.lang, TICKETS_MESSAGES);
  const record = await findEvent(app, slug);
  const metaFor = (title: string) =>
    seoMeta(
      pageSeo({
        origin: app.origin,
        lang: app.lang,
        slug: `event/${slug}/tickets`,
        pageTitle: title,
        fields: {},
        t,
      }),
      { noindex: true },
    );
  if (!record) {
    // The ticket page's own "Event not found" state, with the status a missing page has.
    return data(
      { event: null, image: null, state: "not-found" as const, meta: metaFor(t("TICKET.EVENT_NOT_FOUND")), messages },
      { status: 404 },
    );
  }
  const event = eventView(record, app.lang, new Date());
  return {
    event,
    image: eventImage(record, TICKETS_IMAGE),
    state: saleState(event),
    meta: metaFor(t("EVENTS.TICKETS_TITLE", { name: record.content.name })),
    messages,
  };
}

function NotFound() {
  const { lang, t } = useI18n();
  return (
    <section className="ticket-page">
      <h1>{t("TICKET.EVENT_NOT_FOUND")}</h1>
      <p>{t("EVENTS.NOT_FOUND_HINT")}</p>
      <p>
        <AppLink to={`/${lang}/events/`}>{t("EVENTS.ALL_EVENTS")}</AppLink>
      </p>
    </section>
  );
}

/** When, where and from what price: what a buyer checks before leaving for the box office. */
function TicketFacts({ event }: { event: EventView }) {
  const { t } = useI18n();
  const { card } = event;
  const facts: [string, string | null][] = [
    [t("EVENTS.DAY"), event.day],
    [t("EVENTS.TIME"), event.time],
    [t("EVENTS.DOORS"), event.doors],
    [t("EVENTS.LOCATION"), card.location],
    [
      t("EVENTS.PRICE"),
      card.past ? null : event.price ? t("EVENTS.PRICE_FROM", { price: event.price }) : t("EVENTS.PRICE_TBA"),
    ],
  ];
  return (
    <dl className="ticket-page__facts" aria-label={t("EVENTS.DETAILS")}>
      {facts.map(([label, value]) =>
        value ? (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/**
 * The ticket page of an event: its picture and facts beside the way to the box office (or why
 * there is none), and where a member already holding tickets finds them.
 */
export default function TicketsPage({ loaderData }: Route.ComponentProps) {
  const { lang, t } = useI18n();
  const { event, state } = loaderData;
  if (!event) return <NotFound />;
  const { card } = event;
  const image = loaderData.image;
  const notes = {
    past: t("EVENTS.PAST_NOTE"),
    "sold-out": t("EVENTS.SOLD_OUT_NOTE"),
    "coming-soon": t("EVENTS.COMING_SOON_NOTE"),
    "no-link": t("TICKET.NO_PURCHASE_LINK"),
  } as const;
  const promoter = state !== "past" && state !== "sold-out" ? event.promoterTicketUrl : null;
  return (
    <article className="ticket-page" aria-labelledby="ticket-page-title">
      {image ? <PlainImg className="ticket-page__image" image={image} alt={image.alt} /> : null}
      <div className="ticket-page__body">
        <h1 id="ticket-page-title">{t("EVENTS.TICKETS_TITLE", { name: card.name })}</h1>
        <TicketFacts event={event} />
        {state === "on-sale" && event.venueTicketUrl ? (
          <p>{t("EVENTS.TICKETS_INTRO")}</p>
        ) : (
          <div className="event-note" role="status">
            <p>{notes[state === "on-sale" ? "no-link" : state]}</p>
            {state === "no-link" ? <p>{t("EVENTS.NO_LINK_HINT")}</p> : null}
          </div>
        )}
        {(state === "on-sale" && event.venueTicketUrl) || promoter ? (
          <p className="ticket-page__actions">
            {state === "on-sale" && event.venueTicketUrl ? (
              <AppLink
                className={buttonClass({ variant: "primary", color: "buy", size: "l" })}
                to={event.venueTicketUrl}
              >
                {t("EVENTS.BUY_NOW")}
              </AppLink>
            ) : null}
            {promoter ? (
              <AppLink className={buttonClass({ color: "buy", size: "l" })} to={promoter}>
                {event.promoterName
                  ? t("EVENTS.BUY_PROMOTER_NAMED", { name: event.promoterName })
                  : t("EVENTS.BUY_PROMOTER")}
              </AppLink>
            ) : null}
          </p>
        ) : null}
        {card.past ? null : (
          <p className="ticket-page__account">
            {t("EVENTS.TICKETS_ACCOUNT_HINT")}{" "}
            {/* The member area's events (dashboardPath), written out: its module is member code. */}
            <AppLink to={`/${lang}/dashboard/events/`}>{t("EVENTS.TICKETS_ACCOUNT_LINK")}</AppLink>
          </p>
        )}
        <p>
          <AppLink to={eventPath(lang, card.slug)}>{t("EVENTS.BACK_TO_EVENT")}</AppLink>
        </p>
      </div>
    </article>
  );
}
