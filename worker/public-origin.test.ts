import { describe, expect, it, vi } from "vitest";
import { BROWSER_UA, request } from "#tests/harness.ts";
import { all, canonicalOf, one, parseHtml, textOf } from "#tests/html.ts";

/** A request whose `Host` (and so URL) is the attacker's, to the real Worker under `overrides`. */
async function fetchAs(host: string, path: string, overrides: Partial<Env>) {
  const response = await request(`http://${host}${path}`, { env: overrides, headers: { "User-Agent": BROWSER_UA } });
  return { response, body: await response.text() };
}

/** Every place an absolute URL is written: page heads, JSON-LD, sitemap, robots, calendar, redirects. */
const SURFACES = [
  "/es/",
  "/en/about/",
  "/val/events/",
  "/en/event/marea-alta-gira-mediterrania/",
  "/es/event/impro-show-valencia/",
  // Sold by its promoter only: the offer's address is another site's.
  "/val/event/electro-horta-festival/",
  "/en/event/marea-alta-gira-mediterrania/tickets/",
  "/en/event/marea-alta-gira-mediterrania/calendar.ics",
  "/es/login/",
  "/en/register/",
  "/val/password-reset/",
  "/sitemap.xml",
  "/robots.txt",
  "/es/missing-page/",
  "/about",
  "/",
];

const absoluteUrls = (body: string) => [...body.matchAll(/https?:\/\/[a-z0-9.-]+(?::\d+)?/gi)].map((m) => m[0]);

describe("the Host header never becomes a URL in production", () => {
  const production = { APP_ENV: "production", PUBLIC_ORIGIN: "https://www.arena.example" };

  it.each(SURFACES)("%s: only the configured origin, whatever the Host", async (path) => {
    const { response, body } = await fetchAs("evil.example", path, production);
    expect(response.status).toBeLessThan(500);
    expect(body).not.toContain("evil.example");
    expect(response.headers.get("Location") ?? "").not.toContain("evil.example");
  });

  it("writes canonical, hreflang, og:url, og:image and JSON-LD on the configured origin", async () => {
    const { body } = await fetchAs("evil.example", "/en/event/marea-alta-gira-mediterrania/", production);
    const { head } = parseHtml(body);
    const attribute = (selector: string, name: string) => one(head, selector).getAttribute(name);
    expect(attribute('link[rel="canonical"]', "href")).toBe(
      "https://www.arena.example/en/event/marea-alta-gira-mediterrania/",
    );
    expect(attribute('link[rel="alternate"][hreflang="ca"]', "href")).toBe(
      "https://www.arena.example/val/event/marea-alta-gira-mediterrania/",
    );
    expect(attribute('meta[property="og:url"]', "content")).toBe(
      "https://www.arena.example/en/event/marea-alta-gira-mediterrania/",
    );
    expect(attribute('meta[property="og:image"]', "content")).toMatch(/^https:\/\/www\.arena\.example\/images\//);
    expect(body).toContain('"url":"https://www.arena.example/en/event/marea-alta-gira-mediterrania/"');
  });

  it("sitemap and robots use the configured origin", async () => {
    const sitemap = await fetchAs("evil.example", "/sitemap.xml", production);
    expect(
      new Set(absoluteUrls(sitemap.body).filter((url) => !url.includes("sitemaps.org") && !url.includes("w3.org"))),
    ).toEqual(new Set(["https://www.arena.example"]));
    const robots = await fetchAs("evil.example", "/robots.txt", production);
    expect(robots.body).toContain("Sitemap: https://www.arena.example/sitemap.xml");
  });

  it("a PUBLIC_ORIGIN with a path or trailing slash is reduced to its origin", async () => {
    const { body } = await fetchAs("evil.example", "/robots.txt", {
      ...production,
      PUBLIC_ORIGIN: "https://www.arena.example/",
    });
    expect(body).toContain("Sitemap: https://www.arena.example/sitemap.xml");
  });

  describe("without PUBLIC_ORIGIN: site-relative URLs, no sitemap, logged", () => {
    const misconfigured = { APP_ENV: "production", PUBLIC_ORIGIN: "" };

    it.each(SURFACES)("%s: no absolute URL on the request's host", async (path) => {
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const { response, body } = await fetchAs("evil.example", path, misconfigured);
      expect(response.status).toBeLessThan(500);
      expect(body).not.toContain("evil.example");
      expect(response.headers.get("Location") ?? "").not.toContain("evil.example");
    });

    it("pages keep relative canonical and alternates; sitemap is 404; robots has no Sitemap line", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const page = await fetchAs("evil.example", "/en/about/", misconfigured);
      expect(page.response.status).toBe(200);
      expect(canonicalOf(parseHtml(page.body))).toBe("/en/about/");
      expect((await fetchAs("evil.example", "/sitemap.xml", misconfigured)).response.status).toBe(404);
      const robots = await fetchAs("evil.example", "/robots.txt", misconfigured);
      expect(robots.body).not.toContain("Sitemap:");
      const ics = await fetchAs("evil.example", "/en/event/marea-alta-gira-mediterrania/calendar.ics", misconfigured);
      expect(ics.body).toMatch(/^UID:[0-9a-f-]+\r$/m);
      expect(ics.body).not.toMatch(/^URL:/m);
    });
  });
});

describe("development uses the request's origin", () => {
  it("canonical and sitemap on the host the page was asked on", async () => {
    const development = { APP_ENV: "development", PUBLIC_ORIGIN: "" };
    const { body } = await fetchAs("127.0.0.1:8787", "/en/about/", development);
    expect(canonicalOf(parseHtml(body))).toBe("http://127.0.0.1:8787/en/about/");
    const sitemap = await fetchAs("127.0.0.1:8787", "/sitemap.xml", development);
    expect(all(parseHtml(sitemap.body), "loc").map(textOf)).toContain("http://127.0.0.1:8787/es/");
  });
});
