import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { LANGUAGES, type Lang } from "./lib/languages";

/**
 * One list of routes, mapped over the three language trees. Route ids carry the language
 * suffix (`page-en`) so each tree's routes stay distinct.
 */
function languageTree(lang: Lang): RouteConfigEntry[] {
  return prefix(lang, [
    layout("routes/layout.tsx", { id: `layout-${lang}` }, [
      index("routes/content/page.tsx", { id: `home-${lang}` }),
      route("event/:slug", "routes/event/event.tsx", { id: `event-${lang}` }),
      route("event/:slug/tickets", "routes/event/tickets.tsx", { id: `event-tickets-${lang}` }),
      // Members (issue 6): identity screens and the guarded dashboard.
      route("login", "routes/auth/login.tsx", { id: `login-${lang}` }),
      route("register", "routes/auth/register.tsx", { id: `register-${lang}` }),
      route("password-reset", "routes/auth/password-reset.tsx", { id: `password-reset-${lang}` }),
      route("email-verification", "routes/auth/email-verification.tsx", { id: `email-verification-${lang}` }),
      route("dashboard", "routes/dashboard/layout.tsx", { id: `dashboard-${lang}` }, [
        index("routes/dashboard/overview.tsx", { id: `dashboard-overview-${lang}` }),
        route("events", "routes/dashboard/events.tsx", { id: `dashboard-events-${lang}` }),
        route("user-information", "routes/dashboard/user-information.tsx", {
          id: `dashboard-user-information-${lang}`,
        }),
        route("settings", "routes/dashboard/settings.tsx", { id: `dashboard-settings-${lang}` }),
      ]),
      // Cookie settings without JavaScript (issue 12, docs/consent.md).
      route("cookie-settings", "routes/consent/cookie-settings.tsx", { id: `cookie-settings-${lang}` }),
      route("*", "routes/content/page.tsx", { id: `page-${lang}` }),
    ]),
    // The add-to-calendar download: a resource route, outside the page layout.
    route("event/:slug/calendar.ics", "routes/event/calendar.ts", { id: `event-calendar-${lang}` }),
  ]);
}

export default [
  ...LANGUAGES.flatMap(languageTree),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
