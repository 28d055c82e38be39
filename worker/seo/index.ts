import { Hono, type Context } from "hono";
import type { ContentSource } from "../../app/lib/content-source";
import { publicOrigin } from "../../app/lib/origin";
import type { AppEnv } from "../types";
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
    const links = await config.content(c).getLinks();
    return c.body(renderSitemap(links, origin), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  });

  seo.get("/robots.txt", (c) =>
    c.text(renderRobots(publicOrigin(c.env, c.req.url), c.env.APP_ENV === "production"), 200, {
      "Cache-Control": "public, max-age=3600",
    }),
  );

  return seo;
}
