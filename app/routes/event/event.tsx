import { Suspense, type ComponentProps, type ComponentType } from "react";
import { Await } from "react-router";
import type { Route } from "./+types/event";
import { appContext } from "#app/lib/context.server.ts";
import type { MessageNamespace } from "#app/lib/i18n.ts";
import { staticOnDemand } from "#app/lib/on-demand.tsx";
import { freezeNow, thaw, type Frozen } from "#app/lib/frozen.ts";
import { eventPageData, relatedEvents, requireEvent, type EventPageData } from "./event-data.server";
import { LiveEvent } from "#app/components/live-on-demand.tsx";
import { EVENT_CARD_MESSAGES } from "#bloks/events/event-card.tsx";
import { routeMessages } from "#app/lib/messages.server.ts";
import { requestStoryStyles } from "#app/lib/page-styles.server.ts";
import { PlainImg } from "#app/components/plain-img.tsx";
import { requestStyles } from "#app/lib/page-styles.server.ts";

/** Built by the loader (app/lib/seo.ts), so the head's code stays on the server. */
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? thaw(loaderData.page).meta : []);

/** What the event page shows (its related events are event cards). */
const EVENT_PAGE_MESSAGES: readonly MessageNamespace[] = [
  ...EVENT_CARD_MESSAGES,
  "EVENTS.ADD_TO_CALENDAR",
  "EVENTS.ALL_EVENTS",
  "EVENTS.ARTIST_HITS",
  "EVENTS.BUY_PROMOTER",
  "EVENTS.BUY_PROMOTER_NAMED",
  "EVENTS.BUY_VENUE",
  "EVENTS.COMING_SOON_NOTE",
  "EVENTS.DAY",
  "EVENTS.DETAILS",
  "EVENTS.DOORS",
  "EVENTS.LOCATION",
  "EVENTS.PAST_NOTE",
  "EVENTS.PRICE",
  "EVENTS.PRICE_TBA",
  "EVENTS.RELATED",
  "EVENTS.SOLD_OUT_NOTE",
  "EVENTS.TIME",
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  requestStyles(context, ["events"]);
  const app = context.get(appContext);
  const url = new URL(request.url);
  const record = await requireEvent(app, params.slug, url.pathname);
  const now = new Date();
  // Blocks an editor embedded in the description bring their styles (app/lib/page-styles.server.ts).
  requestStoryStyles(context, record.content.description);
  // Below the fold: streamed while the event itself is already on screen.
  const related = relatedEvents(app, record, now).then(freezeNow);
  related.catch(() => undefined);
  return {
    // Frozen (app/lib/frozen.ts): one JSON string for turbo-stream to write.
    page: freezeNow(eventPageData(app, record, now)),
    related,
    messages: routeMessages(app.lang, EVENT_PAGE_MESSAGES),
    // A verified preview follows the editor's typing: the story whose edits it shows.
    live: app.preview ? record.uuid : null,
  };
}

/** Server HTML only: their code loads when React must render them (docs/performance.md). */
type Parts = typeof import("./event-parts");
function part<Name extends keyof Parts>(name: Name) {
  type Part = ComponentType<ComponentProps<Parts[Name]>>;
  // TypeScript cannot tie `module[name]` to `Name` through the union of the parts.
  return staticOnDemand<ComponentProps<Parts[Name]>>(name, () =>
    import("./event-parts").then((module) => module[name] as unknown as Part),
  );
}
const EventDescription = part("EventDescription");
const EventIntro = part("EventIntro");
const EventMore = part("EventMore");
const EventJsonLd = part("EventJsonLd");
const RelatedEvents = part("RelatedEvents");

/** An event's page; in a preview, as the editor types. */
export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { page, related, live } = loaderData;
  const article = (shown: Frozen<EventPageData>) => <EventArticle page={shown} related={related} />;
  return live ? (
    <Suspense fallback={null}>
      <LiveEvent uuid={live} page={page}>
        {article}
      </LiveEvent>
    </Suspense>
  ) : (
    article(page)
  );
}

/** When, where, what it costs and how to buy, what the artist is known for. */
function EventArticle({
  page,
  related,
}: {
  page: Frozen<EventPageData>;
  related: Route.ComponentProps["loaderData"]["related"];
}) {
  const { event, hero, jsonLd } = thaw(page);
  return (
    <article className="event-page">
      <EventJsonLd data={jsonLd} />
      <PlainImg className="event-page__image" image={hero} alt={hero.alt} />
      <EventIntro event={event} />
      {event.description ? <EventDescription document={event.description} /> : null}
      <EventMore event={event} />
      <Suspense fallback={null}>
        <Await resolve={related} errorElement={null}>
          {(events) => <RelatedEvents events={thaw(events)} />}
        </Await>
      </Suspense>
    </article>
  );
}
