import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { request as send } from "#tests/harness.ts";
import { all, one, parseHtml, textOf } from "#tests/html.ts";

const origin = "http://arena.test";
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

function request(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return send(
    new Request(`${origin}${path}`, {
      method: init.method ?? "GET",
      headers: { "User-Agent": browser, ...init.headers },
      redirect: "manual",
    }),
  );
}

/** Where a Location header points once a browser resolves it against the request URL. */
function resolved(res: Response): URL {
  return new URL(res.headers.get("Location") ?? "", `${origin}/`);
}

describe("trailing slash", () => {
  it("redirects a page path to the same path with a slash, keeping the query", async () => {
    const res = await request("/en/about?x=1&y=2");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/en/about/?x=1&y=2");
  });

  it("also redirects HEAD requests", async () => {
    const res = await request("/es/about", { method: "HEAD" });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/es/about/");
  });

  it("never redirects a POST", async () => {
    const res = await request("/es/about", { method: "POST" });
    expect(res.status).not.toBe(301);
    expect(res.headers.get("Location")).toBeNull();
  });

  it.each(["/api/locale", "/favicon.svg", "/es/about/_.data", "/es/_.data", "/__manifest"])(
    "leaves %s alone",
    async (path) => {
      const res = await request(path);
      expect([301, 302]).not.toContain(res.status);
    },
  );

  it("leaves a path that already ends in a slash alone", async () => {
    const res = await request("/es/about/");
    expect(res.status).toBe(200);
  });
});

describe("open redirects", () => {
  const attempts = [
    "//evil.example",
    "//evil.example/es",
    "///evil.example",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/es//evil.example",
    "/%5C%5Cevil.example",
    "/es/%2F%2Fevil.example",
    "/.//evil.example",
    "//evil.example?next=//evil.example",
  ];
  it.each(attempts)("%s stays on this host", async (path) => {
    const res = await send(new Request(`${origin}${path}`, { headers: { "User-Agent": browser }, redirect: "manual" }));
    const location = res.headers.get("Location");
    if (location === null) return;
    expect(location.startsWith("/")).toBe(true);
    expect(location.startsWith("//")).toBe(false);
    expect(location).not.toMatch(/^\/\\|^\\/);
    expect(resolved(res).host).toBe("arena.test");
  });
});

describe("language at the root and unprefixed paths", () => {
  it("sends / to Spanish by default, not cacheable, varying on cookie and language", async () => {
    const res = await request("/");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/es/");
    expect(res.headers.get("Vary")).toBe("Cookie, Accept-Language");
    expect(res.headers.get("Cache-Control")).toMatch(/no-store/);
  });

  it.each([
    ["en-GB,en;q=0.9", "/en/"],
    ["es-ES", "/es/"],
    ["ca-ES,ca;q=0.9", "/val/"],
    ["val", "/val/"],
    ["fr-FR,fr;q=0.9,en;q=0.5", "/en/"],
    ["de-DE", "/es/"],
    ["en;q=0.2,ca;q=0.8", "/val/"],
  ])("Accept-Language %s → %s", async (acceptLanguage, location) => {
    const res = await request("/", { headers: { "Accept-Language": acceptLanguage } });
    expect(res.headers.get("Location")).toBe(location);
  });

  it("prefers the saved cookie over Accept-Language", async () => {
    const res = await request("/", { headers: { Cookie: "other=1; lang=val", "Accept-Language": "en" } });
    expect(res.headers.get("Location")).toBe("/val/");
  });

  it("ignores an invalid cookie value", async () => {
    const res = await request("/", { headers: { Cookie: "lang=fr", "Accept-Language": "en" } });
    expect(res.headers.get("Location")).toBe("/en/");
  });

  it("keeps the rest of the path and the query, adding the slash in the same hop", async () => {
    const res = await request("/about?ref=mail", { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/en/about/?ref=mail");
  });
});

describe("a first segment in another language or in capitals", () => {
  it.each(["/fr/", "/de/events/", "/en-gb/about/", "/pt-BR/"])("%s is the 404 page, not a redirect", async (path) => {
    const res = await request(path, { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(404);
    expect(textOf(one(parseHtml(await res.text()), "h1"))).toBe("Page not found");
  });

  it.each([
    ["/EN/events/", "/en/events/"],
    ["/Val/about?x=1", "/val/about/?x=1"],
    ["/ES/", "/es/"],
  ])("%s goes to the language in lower case", async (path, location) => {
    const res = await request(path);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(location);
  });

  it("a page path with capitals goes to it in lower case (one address per page)", async () => {
    const res = await request("/es/LOGIN/?returnTo=%2Fes%2FDashboard%2F");
    expect([res.status, res.headers.get("Location")]).toEqual([301, "/es/login/?returnTo=%2Fes%2FDashboard%2F"]);
    // A page that is not there is its 404 at once, not a redirect to the 404 at its address.
    const slugless = await request("/en/event/Bad_Slug!");
    expect([slugless.status, slugless.headers.get("Location")]).toEqual([404, null]);
  });

  it("a path without a language still goes to the visitor's", async () => {
    const res = await request("/events/", { headers: { "Accept-Language": "en" } });
    expect([res.status, res.headers.get("Location")]).toEqual([302, "/en/events/"]);
  });
});

describe("language cookie", () => {
  it("is saved for 365 days, SameSite=Lax, Path=/", async () => {
    const res = await send(
      new Request(`${origin}/api/locale`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ lang: "en" }),
      }),
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^lang=en;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
  });

  it("is saved by the edge when a language switcher's link is followed, which then redirects to the page", async () => {
    const res = await request("/val/events/?category=comedy&choose-lang");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/val/events/?category=comedy");
    expect(res.headers.get("Set-Cookie")).toMatch(/^lang=val; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const unslashed = await request("/en/about?choose-lang=");
    expect(unslashed.headers.get("Location")).toBe("/en/about/");
    expect(unslashed.headers.get("Set-Cookie")).toMatch(/^lang=en;/);
    const secure = await send(new Request("https://arena.test/es/?choose-lang", { redirect: "manual" }));
    expect(secure.headers.get("Set-Cookie")).toMatch(/^lang=es;.*Secure/);
  });

  it("is saved by the page a language switcher's link opens: the link is the page itself, no redirect", async () => {
    const html = await (await request("/es/events/?category=comedy")).text();
    const hrefs = all(parseHtml(html), "nav#language-menu a[href]").map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(["/en/events/?category=comedy", "/val/events/?category=comedy"]);
    const followed = await request("/val/events/?category=comedy", {
      headers: { Referer: `${origin}/es/events/?category=comedy`, Cookie: "lang=es" },
    });
    expect(followed.status).toBe(200);
    expect(followed.headers.get("Set-Cookie")).toMatch(/^lang=val; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(followed.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("is left alone by a visit that chose nothing: a link from elsewhere, the same language, or the same choice", async () => {
    const visits: Record<string, string>[] = [
      {},
      { Referer: "https://elsewhere.example/es/" },
      { Referer: `${origin}/val/about/` },
      { Referer: `${origin}/es/`, Cookie: "lang=val" },
    ];
    for (const headers of visits) {
      const res = await request("/val/events/", { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("Set-Cookie"), JSON.stringify(headers)).toBeNull();
      expect(res.headers.get("Cache-Control"), JSON.stringify(headers)).toMatch(/\bpublic\b/);
    }
  });

  it("is Secure over https", async () => {
    const res = await send(
      new Request("https://arena.test/api/locale", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ lang: "val" }),
      }),
    );
    expect(res.headers.get("Set-Cookie")).toContain("Secure");
  });

  it("refuses an unknown language with a translated JSON error", async () => {
    const res = await send(
      new Request(`${origin}/api/locale`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "ca" },
        body: JSON.stringify({ lang: "fr" }),
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: "bad_request", message: "La petició no és vàlida" });
  });
});

describe("errors", () => {
  it.each([
    ["/es/no-such-page/", "Página no encontrada"],
    ["/en/no/such/page/", "Page not found"],
    ["/val/res/", "No s'ha trobat la pàgina"],
  ])("an unknown page %s renders the 404 page inside the layout, without printing the path", async (path, title) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    const document = parseHtml(html);
    expect(document.title).toBe(title);
    expect(textOf(one(document, "h1"))).toBe(title);
    expect(one(document, "header").classList.contains("site-header")).toBe(true);
    expect(one(document, "footer").classList.contains("site-footer")).toBe(true);
    // The routing message travels in the error's data for the router, never on screen.
    expect(html).toContain(`Page not found: ${path}`);
    for (const element of all(document, "script, link")) element.remove();
    expect(document.documentElement.outerHTML).not.toContain(path);
  });

  it("a path outside the language trees renders the same 404 page inside the layout", async () => {
    const res = await request("/no-such-file.txt", { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(404);
    const document = parseHtml(await res.text());
    expect(textOf(one(document, "h1"))).toBe("Page not found");
    one(document, "header.site-header");
  });

  // One route tree serves the languages (`/:lang/…`, app/routes.ts): any other first segment the
  // Worker lets through (a file path, a form post) is the 404 page, and no loader or action runs.
  it.each([
    ["GET", "/xx/logo.png"],
    ["GET", "/fr/event/marea-alta-gira-mediterrania/calendar.ics"],
    ["POST", "/xx/contact/?form=contact"],
    ["POST", "/en-gb/dashboard/settings/"],
  ])("%s %s: a first segment that is no language is the 404 page", async (method, path) => {
    const res = await request(path, { method, headers: { "Accept-Language": "en", Origin: origin } });
    expect(res.status).toBe(404);
    expect(res.headers.getSetCookie()).toEqual([]);
    const html = await res.text();
    // A resource route answers its error as text, never the calendar of a "language" `fr`.
    if (path.endsWith(".ics")) return expect(html).not.toContain("BEGIN:VCALENDAR");
    const document = parseHtml(html);
    expect(textOf(one(document, "h1"))).toBe("Page not found");
    one(document, "header.site-header");
    expect(document.documentElement.getAttribute("lang")).toBe("en-US");
  });

  it.each(["PUT", "DELETE", "PATCH", "OPTIONS"])(
    "%s on a page is a translated 405 with Allow, and runs no action",
    async (method) => {
      const email = `put-${crypto.randomUUID()}@example.com`;
      const res = await send(
        new Request(`${origin}/val/newsletter/?form=newsletter`, {
          method,
          headers: { "User-Agent": browser, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: method === "OPTIONS" ? undefined : new URLSearchParams({ email, consent: "on" }),
        }),
      );
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, POST");
      const document = parseHtml(await res.text());
      expect(document.documentElement.getAttribute("lang")).toBe("ca-ES-valencia");
      expect(textOf(one(document, "h1"))).not.toBe("");
      expect(one(document, "header").classList.contains("site-header")).toBe(true);
      const stored = await env.DB.prepare("SELECT count(*) AS n FROM newsletter_subscriptions WHERE email = ?")
        .bind(email)
        .first<{ n: number }>();
      expect(stored?.n).toBe(0);
    },
  );

  it("a form posted to a page without one is a 405 whose Allow leaves POST out", async () => {
    // React Router logs the missing action as the error it is, in production as here.
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await request("/en/login/", { method: "POST", headers: { Origin: origin } });
    expect(String(logged.mock.calls[0]?.[0])).toContain('did not provide an `action` for route "login"');
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect(textOf(one(parseHtml(await res.text()), "h1"))).not.toBe("");
  });

  it("a form posted to / is the translated 404 page, not an empty one", async () => {
    const res = await request("/", { method: "POST", headers: { Origin: origin, "Accept-Language": "en" } });
    const heading = one(parseHtml(await res.text()), "h1");
    expect([res.status, textOf(heading)]).toEqual([404, "Page not found"]);
  });

  it.each(["/es/", "/es/no-such-page/", "/api/me"])("%s carries its request id", async (path) => {
    const res = await request(path);
    expect(res.headers.get("X-Request-Id")).toMatch(/^[\w-]{8,}$/);
  });

  it("a route whose validity rule fails raises the fatal error", async () => {
    const res = await request("/en/bad_slug!/");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page Not Found: /en/bad_slug!/");
  });

  it("crawlers get the status without the interactive error display", async () => {
    const res = await request("/en/missing/", {
      headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    expect(res.status).toBe(404);
    const document = parseHtml(await res.text());
    expect(textOf(one(document, "h1"))).toBe("Page not found");
    expect(all(document, ".error-page__actions")).toEqual([]);
  });

  it("the API answers JSON errors with a stable shape and no stack", async () => {
    const res = await request("/api/nothing-here", { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string }; requestId: string };
    expect(body.error).toEqual({ code: "not_found", message: "No such API endpoint" });
    expect(body.requestId).toMatch(/\S/);
    expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|\.ts:\d+/);
  });

  it("malformed JSON to the API is a 400, not a 500", async () => {
    const res = await send(
      new Request(`${origin}/api/locale`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{nope",
      }),
    );
    expect(res.status).toBe(400);
  });
});

describe("security headers", () => {
  it("every HTML response carries them, with a fresh nonce each time", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const res = await request("/es/");
      expect(res.status).toBe(200);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce ?? "");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      const hsts = res.headers.get("Strict-Transport-Security") ?? "";
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31536000);
      expect(hsts).toContain("includeSubDomains");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("Permissions-Policy")).toMatch(/camera=\(\)/);
      // Every script React Router writes carries this response's nonce. JSON-LD blocks are data,
      // never executed, so the CSP does not govern them.
      const scripts = all(parseHtml(await res.text()), 'script:not([type="application/ld+json"])');
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.getAttribute("nonce")).toBe(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("opener isolation (COOP) by path: on the identity screens and the member area, on no other page", async () => {
    // Public pages, their 404 and redirects: no COOP, which would cost a new renderer process on
    // arrival (security-headers.ts), whatever the method or the answer's cacheability.
    for (const [path, method] of [
      ["/es/", "GET"],
      ["/val/events/", "GET"],
      ["/en/missing/", "GET"],
      ["/es/about", "GET"],
      ["/es/contact/", "POST"],
      ["/es/", "PUT"],
    ] as const) {
      const res = await request(path, { method });
      expect(res.headers.get("Cross-Origin-Opener-Policy"), `${method} ${path}`).toBeNull();
    }
    for (const path of [
      "/en/login/",
      "/es/register/",
      "/val/password-reset/",
      "/en/email-verification/",
      "/es/dashboard/",
    ]) {
      const res = await request(path);
      expect(res.headers.get("Cross-Origin-Opener-Policy"), path).toBe("same-origin");
    }
  });

  it("error pages carry them too", async () => {
    const res = await request("/en/missing/");
    expect(res.headers.get("Content-Security-Policy")).toMatch(/'nonce-/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("the app shell", () => {
  it.each([
    ["/es/", "es-ES"],
    ["/en/", "en-US"],
    ["/val/", "ca-ES-valencia"],
  ])("%s renders <html lang=%s>", async (path, tag) => {
    const document = parseHtml(await (await request(path)).text());
    expect(document.documentElement.getAttribute("lang")).toBe(tag);
  });

  it("renders an embedded story through the catch-all route", async () => {
    const html = await (await request("/en/about/")).text();
    expect(html).toContain("The arena");
    // The language switcher offers the same page in the other languages.
    expect(html).toContain('href="/es/about/"');
    expect(html).toContain('href="/val/about/"');
  });

  it("the site configuration story is not a page", async () => {
    expect((await request("/es/config/")).status).toBe(404);
    expect((await request("/es/home/")).status).toBe(404);
  });
});
