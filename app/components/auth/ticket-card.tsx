import { Link } from "react-router";
import { ResponsiveImg } from "#app/components/responsive-img.tsx";
import type { TicketCardData } from "#app/lib/auth/ticket-cards.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";

/**
 * One of the member's tickets: the event's picture, name (the link to its page), date, seat,
 * price and purchase date, the way to its own page (the code to show at the gate), and the
 * add-to-calendar download for an event still to come.
 */
export function TicketCard({
  ticket,
  headingLevel = 3,
  wide = false,
}: {
  ticket: TicketCardData;
  headingLevel?: 2 | 3 | 4;
  /** Image beside the text from 48rem (the overview's next event). */
  wide?: boolean;
}) {
  const { t } = useI18n();
  const Heading = `h${headingLevel}` as const;
  return (
    <Card as="article" flush className={wide ? "ticket-card ticket-card--wide" : "ticket-card"}>
      <ResponsiveImg image={ticket.image} alt={ticket.image.alt} className="ticket-card__image" />
      <div className="ticket-card__body">
        <Heading className="ticket-card__title">
          <Link to={ticket.eventPath}>{ticket.eventName}</Link>
        </Heading>
        <p className="ticket-card__when">
          <time dateTime={ticket.startIso}>{ticket.eventDate}</time>
        </p>
        <dl className="ticket-card__facts">
          <div>
            <dt>{t("DASHBOARD.TICKET.SEAT")}</dt>
            <dd>{ticket.seat}</dd>
          </div>
          <div>
            <dt>{t("DASHBOARD.TICKET.PRICE")}</dt>
            <dd>{ticket.price}</dd>
          </div>
          <div>
            <dt>{t("DASHBOARD.TICKET.PURCHASE_DATE")}</dt>
            <dd>{ticket.purchaseDate}</dd>
          </div>
        </dl>
        <p className="ticket-card__actions">
          {/* Named by its card: the article and its heading give the link its event. A document
              load, so it opens offline too: the ticket worker keeps the page, not its data. */}
          <Link className={buttonClass({ variant: "primary", size: "s" })} to={ticket.ticketPath} reloadDocument>
            {t("DASHBOARD.TICKET.SHOW")}
          </Link>
          {ticket.calendarPath ? (
            <a className={buttonClass({ size: "s" })} href={ticket.calendarPath} download>
              {t("EVENTS.ADD_TO_CALENDAR")}
            </a>
          ) : null}
        </p>
      </div>
    </Card>
  );
}
