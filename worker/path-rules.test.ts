import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#app/lib/languages.ts";
import { all, parseHtml } from "#tests/html.ts";
import { BROWSER_UA, request as send, SITE_ORIGIN } from "#tests/harness.ts";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";

/**
 * One path for every rule: every spelling of a member or identity screen (an escaped letter,
 * doubled slashes, dot segments, capitals) is one hop to where the screen's address leads (the
 * address, or the sign-in it sends to), and at the address every path rule holds (the guard, opener isolation, a CSP without third parties); and the redirects the
 * edge gives are single hops that never leave the site.
 */

const google = useGoogleKeyEndpoint();

/** Third parties configured, so a skipped rule would show their origins. */
const CONFIGURED = {
  META_PIXEL_ID: "100200300",
  GOOGLE_TAG_ID: "G-ABC123XYZ",
  CHAT_PROVIDER: "crisp",
  CHAT_ID: "0b7d3f7e-1c0a-4d3e-9a51-3c2f0e7a1b2c",
};
const PROVIDER_ORIGINS = /facebook|google-analytics|googletagmanager|crisp/;

const IDENTITY = ["login", "register", "password-reset", "email-verification"];
const MEMBER = ["dashboard", "dashboard/events", "dashboard/user-information", "dashboard/settings"];

function get(path: string, headers: Record<string, string> = {}, env: Record<string, string> = CONFIGURED) {
  return send(
    new Request(`${SITE_ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA, ...headers }, redirect: "manual" }),
    { env },
  );
}

/** The path the Worker receives for `path` (the URL parser resolves dot segments first). */
const received = (path: string) => new URL(path, SITE_ORIGIN).pathname;

/** Spellings of `/{lang}/{screen}/`: an escaped letter, doubled slashes, dot segments, capitals. */
function spellings(lang: string, screen: string): string[] {
  const first = screen.charCodeAt(0).toString(16);
  return [
    `/${lang}/%${first}${screen.slice(1)}/`,
    `/${lang}/%${first.toUpperCase()}${screen.slice(1)}/`,
    `/${lang}//${screen.replace("/", "//")}/`,
    `/${lang}/./${screen}/x/../`,
    `/${lang}/%2e/${screen}/`,
    `/${lang.toUpperCase()}/${screen.toUpperCase()}/`,
    `/${lang}/${screen}`,
  ];
}

describe("every spelling of a member or identity screen", () => {
  for (const lang of LANGUAGES) {
    for (const screen of [...IDENTITY, ...MEMBER]) {
      const address = `/${lang}/${screen}/`;
      it(`${address}: one hop to where the address leads, where every path rule holds`, async () => {
        const page = await get(address);
        // The address itself (a 301), or the sign-in it sends an anonymous visitor to (a 302).
        const leads = page.status === 302 ? [302, page.headers.get("Location")] : [301, address];
        for (const spelling of spellings(lang, screen)) {
          const first = await get(spelling);
          if (received(spelling) !== address) {
            expect([first.status, first.headers.get("Location")], spelling).toEqual(leads);
          }
        }
        expect(page.headers.get("Cross-Origin-Opener-Policy"), address).toBe("same-origin");
        if (page.status === 200) {
          expect(page.headers.get("Content-Security-Policy"), address).not.toMatch(PROVIDER_ORIGINS);
        } else {
          // The guard: an anonymous visitor is sent to sign in.
          expect([page.status, page.headers.get("Location")], address).toEqual([
            302,
            expect.stringMatching(new RegExp(`^/${lang}/login/`)),
          ]);
        }
      });
    }
  }

  it("React Router's data requests of a member screen are guarded whatever their spelling", async () => {
    for (const path of ["/es/%64ashboard/_.data", "/EN//Dashboard/events.data", "/val/dashboard/%73ettings.data"]) {
      const response = await get(path);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(response.status, path).not.toBe(200);
    }
  });
});

describe("single hops", () => {
  it("a path in capitals is one 301 to its address", async () => {
    const response = await get("/EN/About/");
    expect([response.status, response.headers.get("Location")]).toEqual([301, "/en/about/"]);
    expect((await get("/en/about/")).status).toBe(200);
  });

  it("keeps the case of the escapes of a non-ASCII character", async () => {
    const response = await get("/es/%C3%B1/");
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
  });

  it.each(["/%5Cevil.example/", "/%5cevil.example", "/%2F%2Fevil.example/", "/es/%5C%5Cevil.example/"])(
    "%s is the 404 page at once, never a redirect",
    async (path) => {
      const response = await get(path, { "Accept-Language": "en" });
      expect(response.status).toBe(404);
      expect(response.headers.get("Location")).toBeNull();
    },
  );

  it("a path without a language is one 302 to the page in the detected language, in its canonical form", async () => {
    const response = await get("/About", { "Accept-Language": "en" });
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/en/about/"]);
  });

  it.each([
    // Capitals or a missing slash, then the event list's nearest view.
    ["/ES/events/?page=abc", { "Accept-Language": "es" }, 301, "/es/events/"],
    ["/en/events?category=opera", {}, 301, "/en/events/"],
    ["/Val/Events/?page=999", {}, 302, "/val/events/?page=2"],
    // No language, then the event list's nearest view; then a CMS redirect rule.
    ["/events/?month=soon", { "Accept-Language": "en" }, 302, "/en/events/"],
    ["/the-arena/", { "Accept-Language": "en" }, 302, "/en/about/"],
    // A CMS redirect rule keeping an old switcher mark, then the mark.
    ["/en/the-arena/?choose-lang", {}, 302, "/en/about/"],
  ])("%s goes where it finally leads in one hop", async (path, headers, status, location) => {
    const response = await get(path, headers);
    expect([response.status, response.headers.get("Location")], path).toEqual([status, location]);
    const there = await get(location, headers);
    expect(there.status, location).toBe(200);
  });

  it.each([
    "/no-such-page/",
    "//evil.example/",
    "/\\evil.example/",
    "/es/%c3%b1/",
    "/ES/No-Such-Page",
    "/en//no-such-page/",
  ])("%s, a spelling of a missing page, is the 404 page at once, never a redirect to it", async (path) => {
    const response = await get(path, { "Accept-Language": "en" });
    expect([response.status, response.headers.get("Location")], path).toEqual([404, null]);
    expect(response.headers.get("Content-Language"), path).toMatch(/^(en-US|es-ES)$/);
  });

  it("a hop that sets the language cookie and one that is private stay so once joined", async () => {
    const response = await get("/en/the-arena/?choose-lang");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=en;/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const located = await get("/events/?page=abc", { "Accept-Language": "en" });
    expect(located.headers.get("Vary")).toMatch(/Accept-Language/);
    expect(located.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("no redirect leaves the site", async () => {
    for (const path of ["//evil.example/", "/\\evil.example/", "/.//evil.example/", "/%2e%2e//evil.example/"]) {
      const response = await get(path);
      const location = response.headers.get("Location");
      if (location) expect(new URL(location, SITE_ORIGIN).origin, path).toBe(SITE_ORIGIN);
    }
  });

  it("the language switcher's links are the pages themselves (a crawler follows no redirect)", async () => {
    for (const lang of LANGUAGES) {
      const document = parseHtml(await (await get(`/${lang}/about/`)).text());
      for (const link of all(document, "nav#language-menu a[href]")) {
        const href = link.getAttribute("href") ?? "";
        const response = await get(href);
        expect(response.status, href).toBe(200);
      }
    }
  });
});

describe("opener isolation by path, not by session", () => {
  /** Headers a cross-site page or a cache could tell apart; the nonce and per-response ids left out. */
  function comparable(response: Response): Record<string, string> {
    const skip = new Set([
      "cache-control",
      "set-cookie",
      "x-request-id",
      "etag",
      "x-page-cache",
      "content-length",
      "date",
    ]);
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers)
      if (!skip.has(name)) headers[name] = value.replace(/'nonce-[^']+'/, "'nonce'");
    return headers;
  }

  it("a signed-in and an anonymous visitor get the same headers on every public page type", async () => {
    const events = parseHtml(await (await get("/es/events/")).text());
    const event = all(events, 'a[href^="/es/event/"]')
      .map((a) => a.getAttribute("href") ?? "")
      .find((href) => /^\/es\/event\/[a-z0-9-]+\/$/.test(href));
    expect(event).toBeTruthy();
    const session = `__session=${await google.sign(idTokenClaims({ email_verified: true }))}`;
    const env = { ...CONFIGURED, GOOGLE_KEYS_URL: google.url };
    for (const path of [
      "/es/",
      "/en/about/",
      "/val/events/",
      event ?? "",
      `${event}tickets/`,
      "/es/cookie-settings/",
      "/en/missing/",
      // Search results, a page's data request, a calendar file, the manifest: answers of their own.
      "/es/events/?search=rock",
      "/en/about.data",
      `${event}calendar.ics`,
      "/val/manifest.webmanifest",
    ]) {
      const anonymous = await get(path, {}, env);
      const member = await get(path, { Cookie: session }, env);
      expect(member.status, path).toBe(anonymous.status);
      // The signed-in answer is personal (the header greets the member), so it is not stored.
      expect(member.headers.get("Cache-Control"), path).toBe("private, no-store");
      expect(comparable(member), path).toEqual(comparable(anonymous));
      expect(anonymous.headers.get("Cross-Origin-Opener-Policy"), path).toBeNull();
    }
  });

  it("the identity screens and the member area are isolated whoever asks", async () => {
    const session = `__session=${await google.sign(idTokenClaims({ email_verified: true }))}`;
    const env = { ...CONFIGURED, GOOGLE_KEYS_URL: google.url };
    for (const path of [
      "/es/login/",
      "/en/register/",
      "/val/password-reset/",
      "/es/dashboard/",
      "/en/dashboard/settings/",
    ]) {
      for (const headers of [{}, { Cookie: session }] as Record<string, string>[]) {
        const response = await get(path, headers, env);
        expect(response.headers.get("Cross-Origin-Opener-Policy"), path).toBe("same-origin");
      }
    }
  });
});

describe("the methods a page takes", () => {
  it("OPTIONS, PUT, DELETE and POST on a content page name the same set in Allow", async () => {
    const allow: Record<string, string | null> = {};
    for (const method of ["OPTIONS", "PUT", "DELETE", "POST"]) {
      const response = await send(
        new Request(`${SITE_ORIGIN}/en/about/`, {
          method,
          headers: { "User-Agent": BROWSER_UA, Origin: SITE_ORIGIN },
          redirect: "manual",
        }),
      );
      expect(response.status, method).toBe(405);
      allow[method] = response.headers.get("Allow");
    }
    expect(allow).toEqual({ OPTIONS: "GET, HEAD", PUT: "GET, HEAD", DELETE: "GET, HEAD", POST: "GET, HEAD" });
  });

  it("a form the page does not show is refused by every method alike", async () => {
    // The about page shows no contact form: its action refuses the post, so no Allow may offer it.
    for (const method of ["OPTIONS", "PUT", "DELETE", "POST"]) {
      const response = await send(
        new Request(`${SITE_ORIGIN}/en/about/?form=contact`, {
          method,
          headers: { "User-Agent": BROWSER_UA, Origin: SITE_ORIGIN },
        }),
      );
      expect([response.status, response.headers.get("Allow")], method).toEqual([405, "GET, HEAD"]);
    }
  });

  it("names POST where a form is taken", async () => {
    for (const path of [
      "/es/?form=newsletter",
      "/val/newsletter/?form=newsletter",
      "/en/contact/?form=contact",
      "/en/dashboard/settings/",
    ]) {
      const response = await send(
        new Request(`${SITE_ORIGIN}${path}`, { method: "PUT", headers: { "User-Agent": BROWSER_UA } }),
      );
      expect(response.headers.get("Allow"), path).toBe("GET, HEAD, POST");
    }
  });
});

describe("Permissions-Policy", () => {
  it("names only features browsers know, each refused", async () => {
    const policy = (await get("/es/")).headers.get("Permissions-Policy") ?? "";
    expect(policy).not.toContain("interest-cohort");
    for (const directive of policy.split(", "))
      expect(directive).toMatch(/^(camera|microphone|geolocation|payment|usb)=\(\)$/);
  });
});
