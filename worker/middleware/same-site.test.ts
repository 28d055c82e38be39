import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { request } from "#tests/harness.ts";
import { parseHtml } from "#tests/html.ts";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { LANGUAGES, langOfPath, type Lang } from "#app/lib/languages.ts";
import { createApp } from "#worker/app.ts";
import { isSameSiteRequest, SAME_SITE_EXEMPT } from "./same-site";
import { PREVIEW_ONLY_ROUTES } from "#tests/fuzz/endpoints.ts";

const ORIGIN = "http://arena.test";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const SAFE = new Set(["GET", "HEAD", "OPTIONS", "ALL"]);
const CROSS_SITE_HEADERS: Record<string, Record<string, string>> = {
  "Sec-Fetch-Site: cross-site, no Origin": { "Sec-Fetch-Site": "cross-site" },
  "a foreign Origin": { Origin: "https://evil.example" },
  "Sec-Fetch-Site: same-site (a sibling subdomain)": {
    "Sec-Fetch-Site": "same-site",
    Origin: "https://shop.arena.test",
  },
  "Origin: null": { Origin: "null" },
  "neither header, with cookies": { Cookie: "lang=en; __session=x" },
};

/** Every state-changing route the Hono app declares (method and path). */
function honoStateChanges(): { method: string; path: string }[] {
  const app = createApp(async () => new Response("page"));
  const seen = new Set<string>();
  return app.routes
    .filter((route) => !SAFE.has(route.method) && !route.path.includes("*"))
    .filter((route) => !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`));
}

/** Every React Router route with an action, as a concrete URL path in each language. */
async function pageActions(): Promise<{ id: string; path: string }[]> {
  const build: ServerBuild = await import("virtual:react-router/server-build");
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.values(build.routes)
    .filter((route) => route && typeof route.module.action === "function" && !PREVIEW_ONLY_ROUTES.includes(route.id))
    .flatMap((route) =>
      LANGUAGES.map((lang) => {
        const path = `${fullPath(route!.id)}/`
          .replace(":lang", lang)
          .replace(/\*\/$/, "contact/")
          .replace(":slug", "marea-alta-gira-mediterrania");
        return { id: route!.id, path };
      }),
    );
}

function post(path: string, headers: Record<string, string>, body: BodyInit = "{}") {
  return request(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        "User-Agent": BROWSER,
        "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}`,
        ...headers,
      },
      body,
      redirect: "manual",
    }),
  );
}

function send(method: string, path: string, headers: Record<string, string>) {
  return request(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: { "Content-Type": "application/json", "Accept-Language": "ca", ...headers },
      body: method === "DELETE" ? null : "{}",
      redirect: "manual",
    }),
  );
}

describe("the same-site rule", () => {
  const rule = (headers: Record<string, string>, publicOrigin = "") =>
    isSameSiteRequest(new Headers(headers), `${ORIGIN}/api/locale`, publicOrigin);

  it("accepts this site's own pages", () => {
    expect(rule({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" })).toBe(true);
    expect(rule({ Origin: ORIGIN })).toBe(true);
    expect(rule({ "Sec-Fetch-Site": "same-origin", Cookie: "lang=es" })).toBe(true);
    expect(rule({ "Sec-Fetch-Site": "none" })).toBe(true);
    expect(rule({ Origin: "https://www.arena.example" }, "https://www.arena.example")).toBe(true);
  });

  it("refuses other sites, sibling subdomains, opaque origins", () => {
    for (const headers of Object.values(CROSS_SITE_HEADERS)) expect(rule(headers)).toBe(false);
    expect(rule({ Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" })).toBe(false);
    expect(rule({ Origin: "http://arena.test.evil.example" })).toBe(false);
  });

  it("lets a cookieless client without browser headers through (servers, curl)", () => {
    expect(rule({})).toBe(true);
    expect(rule({ Authorization: "Bearer x" })).toBe(true);
  });
});

describe("every API state change checks the origin", async () => {
  const routes = honoStateChanges();
  const exempt = new Set(SAME_SITE_EXEMPT.map((route) => `${route.method} ${route.path}`));

  it("finds the API's state-changing routes", () => {
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(["POST /api/locale", "POST /api/__session", "PATCH /api/me", "DELETE /api/me"]),
    );
  });

  for (const { method, path } of routes.filter((route) => !exempt.has(`${route.method} ${route.path}`))) {
    it.each(Object.entries(CROSS_SITE_HEADERS))(`${method} ${path}: %s → translated 403`, async (_, headers) => {
      const response = await send(method, path, headers);
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
      const body = await response.json<{ error: { code: string; message: string } }>();
      expect(body.error).toEqual({ code: "cross_site", message: translatorFor("val")("FORM.CROSS_SITE") });
    });

    it(`${method} ${path}: from this site → past the rule`, async () => {
      const response = await send(method, path, { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" });
      expect(response.status).not.toBe(403);
    });
  }

  it.each(SAME_SITE_EXEMPT)("$method $path is exempt ($why): it authenticates the caller itself", async (route) => {
    const response = await send(route.method, route.path, CROSS_SITE_HEADERS["a foreign Origin"]!);
    const body = await response.json<{ error?: { code: string } }>();
    expect(body.error?.code).not.toBe("cross_site");
  });
});

describe("every page action checks the origin", async () => {
  const actions = await pageActions();

  it("finds the routes with actions, in the three languages", () => {
    for (const id of ["home", "page", "dashboard-settings", "dashboard-user-information"])
      expect(actions.filter((action) => action.id === id).map((action) => langOfPath(action.path))).toEqual([
        ...LANGUAGES,
      ]);
  });

  for (const { id, path } of actions) {
    const lang = langOfPath(path) as Lang;
    const message = translatorFor(lang)("FORM.CROSS_SITE");
    const form = `${path}?form=contact`;

    it.each(Object.entries(CROSS_SITE_HEADERS))(`${id} (${path}): %s → the translated 403 page`, async (_, headers) => {
      const response = await post(form, { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, "lang=en");
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
      const html = await response.text();
      expect(html).toContain(message);
      expect(parseHtml(html).documentElement.getAttribute("lang")).toBe(
        { es: "es-ES", en: "en-US", val: "ca-ES-valencia" }[lang],
      );
    });

    it(`${id} (${path}): React Router's data request is refused too`, async () => {
      const data = path.endsWith(`/${lang}/`) ? `${path}_.data` : `${path.slice(0, -1)}.data`;
      const response = await post(`${data}?form=contact`, { "Sec-Fetch-Site": "cross-site" }, "lang=en");
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it(`${id} (${path}): from this site → the action runs`, async () => {
      // The newsletter: a page takes only the forms it shows, and the footer's is on every page.
      const response = await post(
        `${path}?form=newsletter`,
        { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
        "lang=en",
      );
      expect(response.status).not.toBe(403);
      expect(await response.text()).not.toContain('class="error-page"');
    });
  }
});
