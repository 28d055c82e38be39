import { Hono, type Context } from "hono";
import type { ContentSource } from "../../app/lib/content-source";
import type { AppEnv } from "../types";
import { renderRobots } from "./robots";
import { renderSitemap } from "./sitemap";

export interface SeoRoutesConfig {
  /** The published content source of the request (never a preview's). */
  content: (c: Context<AppEnv>) => ContentSource;
}

/** The public origin for absolute URLs: `PUBLIC_ORIGIN` when set, else the request's own. */
export function publicOrigin(env: Env, requestUrl: string): string {
  return env.PUBLIC_ORIGIN ? env.PUBLIC_ORIGIN.replace(/\/$/, "") : new URL(requestUrl).origin;
}

/** `/sitemap.xml` and `/robots.txt`. */
export function createSeoRoutes(config: SeoRoutesConfig) {
  const seo = new Hono<AppEnv>();

  seo.get("/sitemap.xml", async (c) => {
    const links = await config.content(c).getLinks();
    return c.body(renderSitemap(links, publicOrigin(c.env, c.req.url)), 200, {
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
