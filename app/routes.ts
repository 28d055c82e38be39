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
