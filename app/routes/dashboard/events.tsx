import { Link } from "react-router";
import type { Route } from "./+types/events";
import { OfflineTickets } from "#app/components/auth/offline-tickets.tsx";
import { TicketCard } from "#app/components/auth/ticket-card.tsx";
import { readTickets, type TicketPeriod } from "#app/lib/auth/members.server.ts";
import { memberForLoader } from "#app/lib/auth/member-loader.server.ts";
import { offlineTickets, ticketCards } from "#app/lib/auth/ticket-cards.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { dashboardMeta } from "#app/lib/auth/dashboard-titles.ts";
import { ticketsIndexPath } from "#app/lib/tickets/offline-tickets.ts";

export const meta = dashboardMeta("events");
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  const period: TicketPeriod = new URL(request.url).searchParams.get("tab") === "past" ? "past" : "future";
  const tickets = user ? await readTickets(app.env.DB, user, period) : [];
  // The upcoming tab lists what the browser keeps offline; the past one changes nothing there.
  const offline = user && period === "future" ? offlineTickets(user.uid, tickets, app.lang) : null;
  return { period, tickets: await ticketCards(tickets, app), offline };
}

/** The member's events: future and past tabs of tickets bought with their verified email. */
export default function Events({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const { period, tickets, offline } = loaderData;
  const tabs: { period: TicketPeriod; label: string }[] = [
    { period: "future", label: t("DASHBOARD.EVENTS.FUTURE") },
    { period: "past", label: t("DASHBOARD.EVENTS.PAST") },
  ];
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title">{t("DASHBOARD.EVENTS.TITLE")}</h2>
      {offline ? <OfflineTickets data={offline} /> : null}
      <nav aria-label={t("DASHBOARD.EVENTS.TABS")} className="segmented">
        <ul className="segmented__list">
          {tabs.map((tab) => (
            <li key={tab.period}>
              <Link
                className="segmented__item"
                to={`?tab=${tab.period}`}
                aria-current={tab.period === period ? "page" : undefined}
                preventScrollReset
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tickets.length === 0 ? (
        <p className="dashboard__empty">{period === "past" ? t("DASHBOARD.EVENTS.EMPTY_PAST") : t("EMPTY.TICKETS")}</p>
      ) : (
        <>
          {period === "future" ? (
            <p className="dashboard-events__all">
              <Link to={ticketsIndexPath(lang)}>{t("DASHBOARD.TICKETS.GATE_LINK")}</Link>
            </p>
          ) : null}
          <ul className="ticket-grid">
            {tickets.map((ticket) => (
              <li key={ticket.id}>
                <TicketCard ticket={ticket} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
