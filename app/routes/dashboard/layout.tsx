import { useEffect } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/layout";
import { FirebaseProvider, useFirebase } from "#app/components/auth/firebase-provider.tsx";
import { SessionRefresh } from "#app/components/auth/session-refresh.tsx";
import { memberForLoader, memberScreenBasics, PRIVATE_HEADERS } from "#app/lib/auth/member-loader.server.ts";
import { dashboardPath, loginPath } from "#app/lib/auth/session.ts";
import { screenTitle, translatorFor } from "#app/lib/catalogues.server.ts";
import type { DashboardTitles } from "#app/lib/auth/dashboard-titles.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import type { Lang } from "#app/lib/languages.ts";
import { siteTitle } from "#app/lib/seo.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useOnline } from "#app/lib/use-online.ts";
import { MEMBER_FORM_MESSAGES, routeMessages } from "#app/lib/messages.server.ts";
import { unlessSubmissionFailed } from "#app/lib/forms/client-action.ts";
import { Button } from "#app/components/ui/button.tsx";
import { TabNav } from "#app/components/ui/tabs.tsx";
import { Notice } from "#app/components/ui/notice.tsx";
import { ticketsIndexPath } from "#app/lib/tickets/offline-tickets.ts";
import { requestStyles } from "#app/lib/page-styles.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;
export const shouldRevalidate = unlessSubmissionFailed;

/** The tab's title of each section (app/lib/auth/dashboard-titles.ts). */
function sectionTitles(lang: Lang): DashboardTitles {
  const t = translatorFor(lang);
  const inAccount = (key: MessageKey) => siteTitle(t, `${t(key)} · ${t("DASHBOARD.TITLE")}`);
  return {
    overview: siteTitle(t, t("DASHBOARD.TITLE")),
    events: inAccount("DASHBOARD.NAV.EVENTS"),
    userInformation: inAccount("DASHBOARD.NAV.USER_INFORMATION"),
    settings: inAccount("DASHBOARD.NAV.SETTINGS"),
  };
}

export function loader({ context, request }: Route.LoaderArgs) {
  requestStyles(context, ["member"]);
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  return {
    ...memberScreenBasics(app),
    title: screenTitle(app.lang, "DASHBOARD.TITLE"),
    titles: sectionTitles(app.lang),
    signedIn: user !== null,
    // Every dashboard screen's messages, sent once: moving between its tabs reruns no layout loader.
    messages: routeMessages(app.lang, MEMBER_FORM_MESSAGES, [
      "DASHBOARD",
      "AUTH.SESSION",
      "EMPTY.TICKETS",
      "EVENTS.ADD_TO_CALENDAR",
    ]),
  };
}

/**
 * The member area: its navigation and the current section. In refresh mode (expired token,
 * live browser session) it renders no section, only the refresh, which reloads the data.
 */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const online = useOnline();
  const { pathname } = useLocation();
  const base = dashboardPath(lang);
  const list = ticketsIndexPath(lang);
  const sections = [
    { to: base, label: t("DASHBOARD.NAV.OVERVIEW"), end: true },
    { to: `${base}events/`, label: t("DASHBOARD.NAV.EVENTS"), end: false },
    { to: `${base}user-information/`, label: t("DASHBOARD.NAV.USER_INFORMATION"), end: false },
    { to: `${base}settings/`, label: t("DASHBOARD.NAV.SETTINGS"), end: false },
  ];
  return (
    <FirebaseProvider config={loaderData.firebase}>
      <div className="dashboard">
        <div className="dashboard__header">
          <h1>{t("DASHBOARD.TITLE")}</h1>
          {loaderData.signedIn ? <SignOutButton /> : null}
        </div>
        {loaderData.signedIn ? (
          <>
            {/* Offline the app cannot fetch a section's data: the tabs load documents, which the
                ticket worker answers (the kept list for a page it does not keep), and the list is
                offered, except on the kept pages themselves, where a ticket's code must stay on a
                phone's first screen (its page links to the list). */}
            <TabNav
              label={t("DASHBOARD.NAV_LABEL")}
              className="dashboard__nav"
              tabs={sections}
              reloadDocument={!online}
            />
            {online || pathname.startsWith(list) ? null : (
              <Notice>
                <p>
                  {t("DASHBOARD.TICKETS.OFFLINE")}{" "}
                  <Link to={list} reloadDocument>
                    {t("DASHBOARD.TICKETS.TITLE")}
                  </Link>
                </p>
              </Notice>
            )}
            <Outlet />
          </>
        ) : (
          <SessionRefresh />
        )}
      </div>
    </FirebaseProvider>
  );
}

/**
 * Signing out clears the session cookie on the server, so it needs a connection: offline (a kept
 * ticket opened at the gate) the button is disabled and says why, and once the connection is back
 * the identity SDK that could not load offline loads, and the button works.
 */
function SignOutButton() {
  const { t, lang } = useI18n();
  const { runtime, load } = useFirebase();
  const online = useOnline();
  const navigate = useNavigate();
  useEffect(() => {
    if (online && !runtime) void load().catch(() => undefined);
  }, [online, runtime, load]);
  async function signOut() {
    if (!runtime) return;
    await runtime.sdk.signOut(runtime.auth);
    await runtime.syncSession(null);
    navigate(loginPath(lang));
  }
  return (
    <div className="dashboard__sign-out needs-js">
      <Button
        size="s"
        onClick={signOut}
        disabled={!runtime || !online}
        aria-describedby={online ? undefined : "sign-out-offline"}
      >
        {t("AUTH.SESSION.SIGN_OUT")}
      </Button>
      {online ? null : (
        <p id="sign-out-offline" className="dashboard__sign-out-note">
          {t("AUTH.SESSION.SIGN_OUT_OFFLINE")}
        </p>
      )}
    </div>
  );
}
