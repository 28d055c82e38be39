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
      { event: null, state: "not-found" as const, meta: metaFor(t("TICKET.EVENT_NOT_FOUND")), messages },
      { status: 404 },
    );
  }
  const event = eventView(record, app.lang, new Date());
  return {
    event,
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

/** The ticket page of an event: the way to the box office, or why there is none. */
export default function TicketsPage({ loaderData }: Route.ComponentProps) {
  const { lang, t } = useI18n();
  const { event, state } = loaderData;
  if (!event) return <NotFound />;
  const { card } = event;
  const notes = {
    past: t("EVENTS.PAST_NOTE"),
    "sold-out": t("EVENTS.SOLD_OUT_NOTE"),
    "coming-soon": t("EVENTS.COMING_SOON_NOTE"),
    "no-link": t("TICKET.NO_PURCHASE_LINK"),
  } as const;
  return (
    <section className="ticket-page" aria-labelledby="ticket-page-title">
      <h1 id="ticket-page-title">{t("EVENTS.TICKETS_TITLE", { name: card.name })}</h1>
      <p className="ticket-page__when">
        <time dateTime={card.startIso}>
          {event.day} · {event.time}
        </time>{" "}
        · {card.location}
      </p>
      {state === "on-sale" && event.venueTicketUrl ? (
        <>
          <p>{t("EVENTS.TICKETS_INTRO")}</p>
          <p className="event-actions">
            <AppLink className={buttonClass({ variant: "primary" })} to={event.venueTicketUrl}>
              {t("EVENTS.BUY_NOW")}
            </AppLink>
          </p>
        </>
      ) : (
        <div className="event-note" role="status">
          <p>{notes[state === "on-sale" ? "no-link" : state]}</p>
          {state === "no-link" ? <p>{t("EVENTS.NO_LINK_HINT")}</p> : null}
        </div>
      )}
      {state !== "past" && state !== "sold-out" && event.promoterTicketUrl ? (
        <p className="event-actions">
          <AppLink className={buttonClass()} to={event.promoterTicketUrl}>
            {event.promoterName
              ? t("EVENTS.BUY_PROMOTER_NAMED", { name: event.promoterName })
              : t("EVENTS.BUY_PROMOTER")}
          </AppLink>
        </p>
      ) : null}
      <p>
        <AppLink to={eventPath(lang, card.slug)}>{t("EVENTS.BACK_TO_EVENT")}</AppLink>
      </p>
    </section>
  );
}
