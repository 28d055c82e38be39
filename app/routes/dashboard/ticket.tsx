import { Link } from "react-router";
import type { Route } from "./+types/ticket";
import { OfflineTickets } from "#app/components/auth/offline-tickets.tsx";
import { TicketCode } from "#app/components/auth/ticket-code.tsx";
import { readTicket, readTickets } from "#app/lib/auth/members.server.ts";
import { memberForLoader } from "#app/lib/auth/member-loader.server.ts";
import { offlineTickets, ticketCards } from "#app/lib/auth/ticket-cards.server.ts";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import { notFound } from "#app/lib/errors.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { siteTitle } from "#app/lib/seo.ts";
import { ticketQr } from "#app/lib/tickets/ticket-qr.server.ts";
import { ticketsIndexPath } from "#app/lib/tickets/offline-tickets.ts";
import { buttonClass } from "#app/components/ui/button.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/**
 * One of the member's tickets, to show at the gate: the code the ticketing platform issued as a
 * QR code drawn here on the server (the browser gets the picture, not a QR library), what is
 * printed on the ticket, and the member's upcoming tickets handed to the browser to keep offline.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  if (!user) return null;
  const now = new Date();
  const [ticket, upcoming] = await Promise.all([
    readTicket(app.env.DB, user, params.ticketId),
    readTickets(app.env.DB, user, "future", now),
  ]);
  if (!ticket) notFound(new URL(request.url).pathname);
  const [card] = await ticketCards([ticket], { ...app, now });
  if (!card) notFound(new URL(request.url).pathname);
  const t = translatorFor(app.lang);
  return {
    title: siteTitle(t, t("DASHBOARD.TICKET.PAGE_TITLE", { name: card.eventName })),
    ticket: card,
    upcoming: Date.parse(ticket.eventStartsAt) >= now.getTime(),
    qr: ticket.code ? ticketQr(ticket.code) : null,
    offline: offlineTickets(user.uid, upcoming, app.lang),
  };
}

/** A printed line of the ticket, left out when the ticketing platform did not send it. */
function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  if (!loaderData) return null;
  const { ticket, qr, upcoming } = loaderData;
  return (
    <article className="ticket-pass" aria-labelledby="ticket-title">
      <p className="ticket-pass__back">
        {/* A document load: offline the worker has the list's page, not the data the app would fetch. */}
        <Link to={ticketsIndexPath(lang)} reloadDocument>
          {t("DASHBOARD.TICKET.ALL")}
        </Link>
      </p>
      <header className="ticket-pass__head">
        <h2 id="ticket-title" className="ticket-pass__title">
          {ticket.eventName}
        </h2>
        <p className="ticket-pass__when">
          <time dateTime={ticket.startIso}>{ticket.eventDate}</time>
        </p>
      </header>
      <div className="ticket-pass__stub">
        {upcoming ? null : <p className="ticket-pass__note">{t("DASHBOARD.TICKET.PAST")}</p>}
        {qr && upcoming ? (
          <TicketCode qr={qr} label={t("DASHBOARD.TICKET.QR_ALT", { name: ticket.eventName })} />
        ) : null}
        {ticket.code ? (
          <p className="ticket-pass__code">
            <span className="ticket-pass__code-label">{t("DASHBOARD.TICKET.CODE")}</span>{" "}
            <span className="ticket-pass__code-text">{ticket.code}</span>
          </p>
        ) : (
          <p className="ticket-pass__note">{t("DASHBOARD.TICKET.NO_CODE")}</p>
        )}
        {qr && upcoming ? <p className="ticket-pass__hint">{t("DASHBOARD.TICKET.SCAN_HINT")}</p> : null}
        {upcoming ? <OfflineTickets data={loaderData.offline} announce /> : null}
      </div>
      <dl className="ticket-pass__facts">
        <Fact label={t("DASHBOARD.TICKET.DOORS")} value={ticket.doors} />
        <Fact label={t("DASHBOARD.TICKET.ENTRANCE")} value={ticket.entrance} />
        <Fact label={t("DASHBOARD.TICKET.SECTION")} value={ticket.section} />
        <Fact label={t("DASHBOARD.TICKET.SEAT")} value={ticket.seat} />
        <Fact label={t("DASHBOARD.TICKET.VENUE")} value={ticket.location} />
        <Fact label={t("DASHBOARD.TICKET.PRICE")} value={ticket.price} />
        <Fact label={t("DASHBOARD.TICKET.PURCHASE_DATE")} value={ticket.purchaseDate} />
        <Fact label={t("DASHBOARD.TICKET.NUMBER")} value={ticket.id} />
      </dl>
      <p className="ticket-pass__actions">
        {ticket.calendarPath ? (
          <a className={buttonClass({ size: "s" })} href={ticket.calendarPath} download>
            {t("EVENTS.ADD_TO_CALENDAR")}
          </a>
        ) : null}
        <Link className={buttonClass({ size: "s" })} to={ticket.eventPath}>
          {t("DASHBOARD.TICKET.EVENT_PAGE")}
        </Link>
      </p>
    </article>
  );
}
