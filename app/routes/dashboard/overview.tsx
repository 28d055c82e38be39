import { Link } from "react-router";
import type { Route } from "./+types/overview";
import { OfflineTickets } from "#app/components/auth/offline-tickets.tsx";
import { TicketCard } from "#app/components/auth/ticket-card.tsx";
import { readTickets, requestProfile } from "#app/lib/auth/members.server.ts";
import { memberForLoader } from "#app/lib/auth/member-loader.server.ts";
import { offlineTickets, ticketCards } from "#app/lib/auth/ticket-cards.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { dashboardMeta } from "#app/lib/auth/dashboard-titles.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Card, CardTitle } from "#app/components/ui/card.tsx";
import { ticketsIndexPath } from "#app/lib/tickets/offline-tickets.ts";

export const meta = dashboardMeta("overview");
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  if (!user) return null;
  const [profile, upcoming, config] = await Promise.all([
    requestProfile(app, user.uid),
    readTickets(app.env.DB, user, "future"),
    app.content.getSiteConfig(app.lang),
  ]);
  const [next] = await ticketCards(upcoming.slice(0, 1), app);
  return {
    email: user.email ?? "",
    name: profile.name,
    next: next ?? null,
    offline: offlineTickets(user.uid, upcoming, app.lang),
    // The venue's own app in the stores, as the site configuration names it (the footer's too).
    apps: { ios: config.app_store_url ?? null, android: config.play_store_url ?? null },
  };
}

/**
 * The dashboard's landing section: a greeting, the member's next event and the links to the
 * venue's app in the stores (none when the configuration names none).
 */
export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  if (!loaderData) return null;
  const { next, apps } = loaderData;
  return (
    <div className="dashboard-overview">
      <section aria-labelledby="dashboard-greeting" className="dashboard-overview__next">
        <h2 id="dashboard-greeting">{t("DASHBOARD.GREETING", { name: loaderData.name || loaderData.email })}</h2>
        <h3 className="dashboard-overview__label">{t("DASHBOARD.OVERVIEW.NEXT_EVENT")}</h3>
        {next ? (
          <>
            <TicketCard ticket={next} headingLevel={4} wide />
            <p>
              <Link to={ticketsIndexPath(lang)}>{t("DASHBOARD.OVERVIEW.ALL_TICKETS")}</Link>
            </p>
          </>
        ) : (
          <Card>
            <p>{t("DASHBOARD.OVERVIEW.NO_NEXT")}</p>
            <p>
              <Link className={buttonClass({ variant: "primary", color: "buy" })} to={`/${lang}/events/`}>
                {t("DASHBOARD.OVERVIEW.SEE_EVENTS")}
              </Link>
            </p>
          </Card>
        )}
      </section>
      {apps.ios || apps.android ? (
        <Card as="section" aria-labelledby="dashboard-apps" className="dashboard-apps">
          <CardTitle id="dashboard-apps">{t("DASHBOARD.APPS.TITLE")}</CardTitle>
          <ul className="dashboard-apps__list">
            {apps.ios ? (
              <li>
                <a className={buttonClass({ variant: "primary" })} href={apps.ios} rel="noopener noreferrer">
                  {t("DASHBOARD.APPS.IOS")}
                </a>
              </li>
            ) : null}
            {apps.android ? (
              <li>
                <a className={buttonClass({ variant: "primary" })} href={apps.android} rel="noopener noreferrer">
                  {t("DASHBOARD.APPS.ANDROID")}
                </a>
              </li>
            ) : null}
          </ul>
        </Card>
      ) : null}
      <OfflineTickets data={loaderData.offline} />
    </div>
  );
}
