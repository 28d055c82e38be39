import { describe, expect, it } from "vitest";
import { BROWSER_UA, request } from "#tests/harness.ts";
import { canonicalOf, parseHtml } from "#tests/html.ts";

/** Development takes absolute URLs from the request (app/lib/origin.ts), so one isolate sees several. */
const DEVELOPMENT = { APP_ENV: "development", PUBLIC_ORIGIN: "" };

async function pageAt(origin: string, path: string) {
  const response = await request(`${origin}${path}`, { env: DEVELOPMENT, headers: { "User-Agent": BROWSER_UA } });
  expect(response.status).toBe(200);
  return response.text();
}

const canonical = (body: string) => canonicalOf(parseHtml(body));

// A published page's head is built once per content version and kept (./page.tsx):
// whatever else it is built from must still change it, request after request, in one isolate.
describe("a content page's head follows each request", () => {
  it("the origin it was asked on", async () => {
    expect(canonical(await pageAt("http://127.0.0.1:8787", "/en/about/"))).toBe("http://127.0.0.1:8787/en/about/");
    expect(canonical(await pageAt("http://localhost:8787", "/en/about/"))).toBe("http://localhost:8787/en/about/");
    expect(canonical(await pageAt("http://127.0.0.1:8787", "/en/about/"))).toBe("http://127.0.0.1:8787/en/about/");
  });

  it("the event list's filters", async () => {
    const origin = "http://127.0.0.1:8787";
    expect(canonical(await pageAt(origin, "/es/events/"))).toBe(`${origin}/es/events/`);
    expect(canonical(await pageAt(origin, "/es/events/?category=concerts"))).toBe(
      `${origin}/es/events/?category=concerts`,
    );
    expect(canonical(await pageAt(origin, "/es/events/"))).toBe(`${origin}/es/events/`);
  });

  it("the language, and the home page's JSON-LD on each origin", async () => {
    const home = await pageAt("http://127.0.0.1:8787", "/val/");
    expect(canonical(home)).toBe("http://127.0.0.1:8787/val/");
    expect(home).toContain('"url":"http://127.0.0.1:8787/val/"');
    const other = await pageAt("http://localhost:8787", "/val/");
    expect(other).toContain('"url":"http://localhost:8787/val/"');
    expect(other).not.toContain("127.0.0.1");
    expect(canonical(await pageAt("http://localhost:8787", "/en/"))).toBe("http://localhost:8787/en/");
  });
});
