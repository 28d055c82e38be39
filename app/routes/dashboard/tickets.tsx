import { Link } from "react-router";
import type { Route } from "./+types/tickets";
import { OfflineTickets } from "#app/components/auth/offline-tickets.tsx";
import { readTickets } from "#app/lib/auth/members.server.ts";
import { memberForLoader } from "#app/lib/auth/member-loader.server.ts";
import { offlineTickets, ticketCards } from "#app/lib/auth/ticket-cards.server.ts";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { siteTitle } from "#app/lib/seo.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * The member's upcoming tickets, soonest first, each with the way to its page: where a member
 * starts at the gate. Kept on the device with the ticket pages (docs/tickets.md), so it opens
 * offline, and the service worker sends any member page that cannot load offline here.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  if (!user) return null;
  const now = new Date();
  const upcoming = await readTickets(app.env.DB, user, "future", now);
  const t = translatorFor(app.lang);
  return {
    title: siteTitle(t, `${t("DASHBOARD.TICKETS.TITLE")} · ${t("DASHBOARD.TITLE")}`),
    tickets: (await ticketCards(upcoming, { ...app, now })).map(
      ({ id, eventName, eventDate, startIso, ticketPath }) => ({
        id,
        eventName,
        eventDate,
        startIso,
        ticketPath,
      }),
    ),
    offline: offlineTickets(user.uid, upcoming, app.lang),
  };
}

export default function Tickets({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (!loaderData) return null;
  const { tickets } = loaderData;
  return (
    <section aria-labelledby="tickets-title" className="ticket-list">
      <h2 id="tickets-title">{t("DASHBOARD.TICKETS.TITLE")}</h2>
      <p className="ticket-list__intro">{t("DASHBOARD.TICKETS.INTRO")}</p>
      {tickets.length === 0 ? (
        <p className="dashboard__empty">{t("EMPTY.TICKETS")}</p>
      ) : (
        <ul className="ticket-list__items">
          {tickets.map((ticket, i) => (
            <li key={ticket.id}>
              <Card as="article" className="ticket-list__item" aria-labelledby={`ticket-${i}`}>
                <h3 id={`ticket-${i}`} className="ticket-list__name">
                  {ticket.eventName}
                </h3>
                <p className="ticket-list__when">
                  <time dateTime={ticket.startIso}>{ticket.eventDate}</time>
                </p>
                {/* A document load, not the app's own navigation: offline the worker has the page,
                    not the data the app would fetch for it. */}
                <Link
                  className={buttonClass({ variant: "primary", size: "s" })}
                  to={ticket.ticketPath}
                  reloadDocument
                  aria-describedby={`ticket-${i}`}
                >
                  {t("DASHBOARD.TICKET.SHOW")}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <OfflineTickets data={loaderData.offline} />
    </section>
  );
}
