import { Link } from "react-router";
import type { Route } from "./+types/events";
import { readTickets, type MemberTicket, type TicketPeriod } from "~/lib/auth/members.server";
import { memberForLoader } from "~/lib/auth/member-loader.server";
import { appContext } from "~/lib/context.server";
import { useI18n } from "~/lib/i18n-context";
import { HTML_LANG } from "~/lib/languages";

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  const period: TicketPeriod = new URL(request.url).searchParams.get("tab") === "past" ? "past" : "future";
  return { period, tickets: user ? await readTickets(app.env.DB, user, period) : [] };
}

/** The member's events: future and past tabs of tickets bought with their verified email. */
export default function Events({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { period, tickets } = loaderData;
  const tabs: { period: TicketPeriod; label: string }[] = [
    { period: "future", label: t("DASHBOARD.EVENTS.FUTURE") },
    { period: "past", label: t("DASHBOARD.EVENTS.PAST") },
  ];
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title">{t("DASHBOARD.EVENTS.TITLE")}</h2>
      <nav aria-label={t("DASHBOARD.EVENTS.TABS")} className="dashboard__tabs">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.period}>
              <Link
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
        <ul className="dashboard__tickets">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TicketCard({ ticket }: { ticket: MemberTicket }) {
  const { t, lang } = useI18n();
  const locale = HTML_LANG[lang];
  const date = (iso: string, withTime: boolean) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: "long",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone: "Europe/Madrid",
    }).format(new Date(iso));
  const price = new Intl.NumberFormat(locale, { style: "currency", currency: ticket.currency }).format(
    ticket.priceCents / 100,
  );
  return (
    <li className="ticket-card">
      <h3>
        <Link to={`/${lang}/event/${ticket.eventSlug}/`}>{ticket.eventName}</Link>
      </h3>
      <dl>
        <dt>{t("DASHBOARD.TICKET.EVENT_DATE")}</dt>
        <dd>{date(ticket.eventStartsAt, true)}</dd>
        <dt>{t("DASHBOARD.TICKET.PURCHASE_DATE")}</dt>
        <dd>{date(ticket.purchasedAt, false)}</dd>
        <dt>{t("DASHBOARD.TICKET.PRICE")}</dt>
        <dd>{price}</dd>
        <dt>{t("DASHBOARD.TICKET.SEAT")}</dt>
        <dd>{ticket.seat}</dd>
      </dl>
    </li>
  );
}
