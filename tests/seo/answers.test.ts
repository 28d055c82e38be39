import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HTML_LANG, LANGUAGES } from "#app/lib/languages.ts";
import { dataPath, page, request, SITE_ORIGIN } from "#tests/harness.ts";
import { all, parseHtml } from "#tests/html.ts";

/** Every string in a JSON value that is a page address on the site (no file extension). */
function pageAddresses(value: unknown): string[] {
  if (typeof value === "string") {
    if (!value.startsWith(`${SITE_ORIGIN}/`)) return [];
    const { pathname } = new URL(value);
    return /\.[a-z0-9]+$/i.test(pathname) ? [] : [value];
  }
  if (Array.isArray(value)) return value.flatMap(pageAddresses);
  return value && typeof value === "object" ? Object.values(value).flatMap(pageAddresses) : [];
}

describe("every address the markup and the manifests give answers 200, never a redirect", () => {
  it.each(LANGUAGES)("in %s", async (lang) => {
    const sitemap = await (await request("/sitemap.xml")).text();
    const pages = all(parseHtml(sitemap), "loc")
      .map((loc) => new URL(loc.textContent ?? "").pathname)
      .filter((path) => path.startsWith(`/${lang}/`));
    const addresses = new Set<string>();
    for (const path of pages) {
      const { document } = await page(path);
      for (const script of all(document, 'script[type="application/ld+json"]'))
        for (const address of pageAddresses(JSON.parse(script.textContent ?? "null"))) addresses.add(address);
    }
    const manifest = (await (await request(`/${lang}/manifest.webmanifest`)).json()) as Record<string, string>;
    for (const field of ["id", "start_url", "scope"]) addresses.add(new URL(manifest[field] ?? "", SITE_ORIGIN).href);
    expect(addresses.size).toBeGreaterThan(10);
    for (const address of addresses) {
      // A fragment names a node on the page; the page is what answers.
      const response = await request(address.replace(/#.*$/, ""));
      expect(response.status, address).toBe(200);
    }
  });
});

describe("every answer in a language tree says its language", () => {
  it.each(LANGUAGES)("in %s: pages, their data, the manifest, calendar files and their 404 and 410", async (lang) => {
    const answers = {
      page: await request(`/${lang}/events/`),
      data: await request(dataPath(`/${lang}/events/`)),
      manifest: await request(`/${lang}/manifest.webmanifest`),
      calendar: await request(`/${lang}/event/marea-alta-gira-mediterrania/calendar.ics`),
      gone: await request(`/${lang}/event/impro-show-valencia/calendar.ics`),
      missing: await request(`/${lang}/event/no-such-event/calendar.ics`),
    };
    expect(
      Object.fromEntries(
        Object.entries(answers).map(([name, answer]) => [
          name,
          [answer.status, answer.headers.get("Content-Language")],
        ]),
      ),
    ).toEqual({
      page: [200, HTML_LANG[lang]],
      data: [200, HTML_LANG[lang]],
      manifest: [200, HTML_LANG[lang]],
      calendar: [200, HTML_LANG[lang]],
      gone: [410, HTML_LANG[lang]],
      missing: [404, HTML_LANG[lang]],
    });
  });
});

describe("a calendar file's validator through the edge page cache", () => {
  it("is the same on the first answer and on every hit, and a hit answers If-None-Match with a 304", async () => {
    const cached = { ...env, PAGE_CACHE: "on" };
    // Its own URL: the Cache API outlives a test.
    const path = `/es/event/marea-alta-gira-mediterrania/calendar.ics?t=${crypto.randomUUID()}`;
    const first = await request(path, { env: cached });
    const hit = await request(path, { env: cached });
    expect([first.headers.get("X-Page-Cache"), hit.headers.get("X-Page-Cache")]).toEqual(["MISS", "HIT"]);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(hit.headers.get("ETag")).toBe(etag);
    const revalidated = await request(path, { env: cached, headers: { "If-None-Match": etag ?? "" } });
    expect(revalidated.status).toBe(304);
  });
});

describe("a file that is only read names GET and HEAD for every other method", () => {
  it.each(["/sitemap.xml", "/robots.txt"])("%s", async (path) => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const response = await request(path, { method, headers: { Origin: SITE_ORIGIN } });
      expect([response.status, response.headers.get("Allow")], `${method} ${path}`).toEqual([405, "GET, HEAD"]);
    }
  });
});
