import { describe, expect, it } from "vitest";
import { request } from "#tests/harness.ts";
import { CACHE_POLICY } from "./http-policy";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

function get(path: string, headers: Record<string, string> = {}) {
  return request(
    new Request(`http://arena.test${path}`, { headers: { "User-Agent": BROWSER, ...headers }, redirect: "manual" }),
  );
}

const varies = (response: Response) =>
  (response.headers.get("Vary") ?? "").split(",").map((name) => name.trim().toLowerCase());

describe("public pages: Content-Language, a deliberate Cache-Control, Vary: Accept-Encoding", () => {
  it.each([
    ["/es/", "es-ES", 200],
    ["/en/about/", "en-US", 200],
    ["/val/events/", "ca-ES-valencia", 200],
    ["/en/event/marea-alta-gira-mediterrania/", "en-US", 200],
    ["/val/event/marea-alta-gira-mediterrania/tickets/", "ca-ES-valencia", 200],
    ["/es/login/", "es-ES", 200],
    ["/en/no-such-page/", "en-US", 404],
  ])("%s", async (path, language, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Content-Language")).toBe(language);
    expect(response.headers.get("Cache-Control")).toBe(CACHE_POLICY.publicPage);
    expect(varies(response)).toContain("accept-encoding");
  });

  it("React Router's data requests follow the page policy", async () => {
    const response = await get("/en/about.data");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(CACHE_POLICY.publicPage);
    expect(varies(response)).toContain("accept-encoding");
  });
});

describe("an answer in a language chosen from the request says it, and varies on what chose it", () => {
  it.each([
    ["an unknown path's 404 page", "/xx/", "GET"],
    ["a form posted outside the language trees", "/", "POST"],
    ["an unknown API path", "/api/no-such-endpoint", "GET"],
    ["a member API call without a session", "/api/me", "GET"],
  ])("%s", async (_name, path, method) => {
    const languages = { en: "en-US", ca: "ca-ES-valencia", es: "es-ES" };
    for (const [accept, language] of Object.entries(languages)) {
      const response = await request(
        new Request(`http://arena.test${path}`, {
          method,
          headers: { "User-Agent": BROWSER, "Accept-Language": accept, Origin: "http://arena.test" },
          redirect: "manual",
        }),
      );
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("Content-Language"), `${path} ${accept}`).toBe(language);
      expect(varies(response), path).toContain("accept-language");
    }
  });
});

describe("responses that set their own policy keep it, and still vary on the encoding", () => {
  it("member pages stay private", async () => {
    const response = await get("/en/dashboard/");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("the language redirect keeps its Vary and adds Accept-Encoding only where there is a body", async () => {
    const response = await get("/about");
    expect(response.status).toBe(302);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(varies(response)).toEqual(expect.arrayContaining(["cookie", "accept-language"]));
  });

  it.each([
    ["/sitemap.xml", "public, max-age=3600"],
    ["/robots.txt", "public, max-age=3600"],
    ["/en/event/marea-alta-gira-mediterrania/calendar.ics", "public, max-age=300"],
    ["/api/me", "no-store"],
  ])("%s", async (path, cacheControl) => {
    const response = await get(path);
    expect(response.headers.get("Cache-Control")).toBe(cacheControl);
    expect(varies(response)).toContain("accept-encoding");
  });

  it("a state change is never stored", async () => {
    const response = await request(
      new Request("http://arena.test/en/about/", {
        method: "POST",
        headers: { Origin: "http://arena.test", "User-Agent": BROWSER },
        body: new URLSearchParams({ a: "b" }),
      }),
    );
    expect(response.headers.get("Cache-Control")).toBe(CACHE_POLICY.none);
  });
});
