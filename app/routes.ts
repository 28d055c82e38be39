import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * One route tree for the three languages: the first segment is the language (`/:lang/…`).
 * The Worker redirects page paths without a language (worker/middleware/edge-rules.ts); the
 * root's middleware answers 404 for any other first segment that reaches React Router (a file
 * path, a form post), so `params.lang` is always a language by the time a loader or action runs.
 *
 * One tree instead of one per language: React Router matches, converts and ranks every route on
 * every request, so three copies tripled that work.
 * The layout stays pathless, so a form posted to `/es/` goes to the home page's action.
 */
export default [
  layout(
    "routes/layout.tsx",
    { id: "layout" },
    prefix(":lang", [
      index("routes/content/page.tsx", { id: "home" }),
      route("event/:slug", "routes/event/event.tsx", { id: "event" }),
      route("event/:slug/tickets", "routes/event/tickets.tsx", { id: "event-tickets" }),
      // Members: identity screens and the guarded dashboard.
      route("login", "routes/auth/login.tsx", { id: "login" }),
      route("register", "routes/auth/register.tsx", { id: "register" }),
      route("password-reset", "routes/auth/password-reset.tsx", { id: "password-reset" }),
      route("email-verification", "routes/auth/email-verification.tsx", { id: "email-verification" }),
      route("dashboard", "routes/dashboard/layout.tsx", { id: "dashboard" }, [
        index("routes/dashboard/overview.tsx", { id: "dashboard-overview" }),
        route("events", "routes/dashboard/events.tsx", { id: "dashboard-events" }),
        route("tickets", "routes/dashboard/tickets.tsx", { id: "dashboard-tickets" }),
        route("tickets/:ticketId", "routes/dashboard/ticket.tsx", { id: "dashboard-ticket" }),
        route("user-information", "routes/dashboard/user-information.tsx", { id: "dashboard-user-information" }),
        route("settings", "routes/dashboard/settings.tsx", { id: "dashboard-settings" }),
      ]),
      // Cookie settings without JavaScript (docs/consent.md).
      route("cookie-settings", "routes/consent/cookie-settings.tsx", { id: "cookie-settings" }),
      route("*", "routes/content/page.tsx", { id: "page" }),
    ]),
  ),
  // The add-to-calendar download: a resource route, outside the page layout.
  route(":lang/event/:slug/calendar.ics", "routes/event/calendar.ts", { id: "event-calendar" }),
  // What a verified Visual Editor preview posts while the editor types (app/lib/preview-input.ts).
  route(":lang/preview-input", "routes/preview/input.ts", { id: "preview-input" }),
  // The web app manifest of each language tree.
  route(":lang/manifest.webmanifest", "routes/manifest.ts", { id: "manifest" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
