import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { replayStoryblok, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache, fetchWorker } from "#tests/mocks/storyblok/worker.ts";
import { all, parseHtml } from "#tests/html.ts";

let replay: Replay;
beforeEach(async () => {
  await clearCache();
  replay = replayStoryblok();
});
afterEach(() => {
  expect(replay.unhandled).toEqual([]);
});

const locs = (xml: string) => all(parseHtml(xml), "loc").map((loc) => loc.textContent);

describe("/sitemap.xml", () => {
  it("lists every published page in the three languages with hreflang alternates and x-default", async () => {
    const { response, body } = await fetchWorker("/sitemap.xml", storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    expect(locs(body).sort()).toEqual(
      [
        "/en/",
        "/en/about/",
        "/en/event/concierto-ano-nuevo/",
        "/es/",
        "/es/about/",
        "/es/event/concierto-ano-nuevo/",
        "/val/",
        "/val/about/",
        "/val/event/concierto-ano-nuevo/",
      ].map((path) => `http://arena.test${path}`),
    );
    const aboutEntry = body.split("<url>").find((entry) => entry.includes("<loc>http://arena.test/val/about/</loc>"));
    expect(aboutEntry).toContain('hreflang="es" href="http://arena.test/es/about/"');
    expect(aboutEntry).toContain('hreflang="en" href="http://arena.test/en/about/"');
    expect(aboutEntry).toContain('hreflang="ca" href="http://arena.test/val/about/"');
    expect(aboutEntry).toContain('hreflang="x-default" href="http://arena.test/es/about/"');
    expect(body).not.toContain("config");
    expect(body).not.toContain("borrador");
  });

  it("reads the link index through KV", async () => {
    await fetchWorker("/sitemap.xml", storyblokEnv(env));
    await fetchWorker("/sitemap.xml", storyblokEnv(env));
    expect(replay.calls.filter((url) => url.pathname === "/v2/cdn/links")).toHaveLength(1);
  });

  it("uses PUBLIC_ORIGIN and the embedded stories by default", async () => {
    const { body } = await fetchWorker("/sitemap.xml", { ...env, PUBLIC_ORIGIN: "https://www.arena.example" });
    const paths = locs(body).map((loc) => loc?.replace("https://www.arena.example", ""));
    expect(paths).toEqual(expect.arrayContaining(["/es/", "/en/about/", "/val/about/"]));
    // Every embedded page appears once per language tree; the site config story is not a page.
    const spanish = paths.filter((path) => path?.startsWith("/es/"));
    expect(paths).toHaveLength(spanish.length * 3);
    expect(paths.some((path) => path?.includes("config"))).toBe(false);
  });
});

describe("/sitemap.xml and past events", () => {
  it("offers upcoming events only; a past event keeps its page but leaves the sitemap", async () => {
    const { body } = await fetchWorker("/sitemap.xml", env);
    const paths = locs(body).map((loc) => new URL(loc ?? "").pathname);
    expect(paths).toEqual(expect.arrayContaining(["/es/event/marea-alta-gira-mediterrania/", "/val/events/"]));
    expect(paths.filter((path) => path.includes("impro-show-valencia"))).toEqual([]);
    const page = await fetchWorker("/en/event/impro-show-valencia/", env);
    expect(page.response.status).toBe(200);
  });
});

describe("/robots.txt", () => {
  it("keeps crawlers out of non-production environments", async () => {
    const { response, body } = await fetchWorker("/robots.txt", env);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    expect(body).toBe("User-agent: *\nDisallow: /\n");
  });

  it("points production crawlers at the sitemap and away from the API and member pages", async () => {
    const { body } = await fetchWorker("/robots.txt", {
      ...env,
      APP_ENV: "production",
      PUBLIC_ORIGIN: "https://www.arena.example",
    });
    expect(body).toContain("Allow: /\n");
    expect(body).toContain("Disallow: /api/\n");
    expect(body).toContain("Disallow: /val/dashboard/\n");
    expect(body).toContain("Sitemap: https://www.arena.example/sitemap.xml");
  });
});
