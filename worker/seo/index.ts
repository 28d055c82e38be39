import { Hono, type Context } from "hono";
import type { ContentSource } from "#app/lib/content-source.ts";
import { loadEvents } from "#app/lib/events/catalogue.server.ts";
import { EVENTS_FOLDER, hasStarted } from "#app/lib/events/event.ts";
import { DEFAULT_LANG } from "#app/lib/languages.ts";
import { publicOrigin } from "#app/lib/origin.ts";
import type { AppEnv } from "#worker/types.ts";
import { renderRobots } from "./robots";
import { renderSitemap } from "./sitemap";

export interface SeoRoutesConfig {
  /** The published content source of the request (never a preview's). */
  content: (c: Context<AppEnv>) => ContentSource;
}

/**
 * `/sitemap.xml` and `/robots.txt`, on the configured public origin (app/lib/origin.ts). A
 * sitemap needs absolute URLs: without a public origin (production misconfigured) there is none.
 */
export function createSeoRoutes(config: SeoRoutesConfig) {
  const seo = new Hono<AppEnv>();

  seo.get("/sitemap.xml", async (c) => {
    const origin = publicOrigin(c.env, c.req.url);
    if (!origin) return c.text("Not Found", 404, { "Cache-Control": "no-store" });
    const content = config.content(c);
    const [links, events] = await Promise.all([content.getLinks(), loadEvents(content, DEFAULT_LANG)]);
    // Past events keep their page (old links, members' tickets) but are no longer offered to
    // crawlers: nothing on the site links them any more (docs/events.md). Dates are shared by
    // the three languages, so the default language decides.
    const now = new Date();
    const past = new Set(
      events.filter((event) => hasStarted(event, now)).map((event) => `${EVENTS_FOLDER}${event.slug}`),
    );
    const listed = links.filter((link) => !past.has(link.slug.replace(/\/$/, "")));
    return c.body(renderSitemap(listed, origin), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  });

  seo.get("/robots.txt", (c) =>
    c.text(renderRobots(publicOrigin(c.env, c.req.url), c.env.APP_ENV === "production"), 200, {
      "Cache-Control": "public, max-age=3600",
    }),
  );

  // Both are only read: any other method is the 405 naming the two that are (RFC 9110), the
  // same answer whatever the method, as on every page.
  for (const path of ["/sitemap.xml", "/robots.txt"])
    seo.all(path, (c) => c.text("Method Not Allowed", 405, { Allow: "GET, HEAD", "Cache-Control": "no-store" }));

  return seo;
}
