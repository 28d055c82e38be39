import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { replayStoryblok, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache, fetchWorker } from "#tests/mocks/storyblok/worker.ts";
import { sha1Hex } from "#worker/services/content/signatures.ts";
import { Hono } from "hono";
import { isPreview, preview, previewPath, verifyPreviewQuery } from "./preview";
import { all, one, parseHtml } from "#tests/html.ts";
import { SITE_ORIGIN } from "#tests/harness.ts";
import configStory from "#content/stories/es/config.json";

const SPACE = "287416";
const PREVIEW_TOKEN = "test-preview-token";
const BRIDGE = "https://app.storyblok.com/f/storyblok-v2-latest.js";

async function previewQuery(options: { timestamp?: number; token?: string; space?: string } = {}) {
  const space = options.space ?? SPACE;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = await sha1Hex(`${space}:${options.token ?? PREVIEW_TOKEN}:${timestamp}`);
  return new URLSearchParams({
    _storyblok: "1002",
    "_storyblok_tk[space_id]": space,
    "_storyblok_tk[timestamp]": timestamp,
    "_storyblok_tk[token]": token,
  });
}

let replay: Replay;
beforeEach(async () => {
  await clearCache();
  replay = replayStoryblok();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  expect(replay.unhandled).toEqual([]);
});

describe("Visual Editor preview", () => {
  it("serves the draft, private and unindexed, frameable by the editor, with the bridge", async () => {
    const { response, body } = await fetchWorker(`/es/about/?${await previewQuery()}`, storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(body).toContain("BORRADOR: texto aún sin publicar.");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(response.headers.get("Content-Security-Policy")).toMatch(
      /frame-ancestors 'self' https:\/\/app\.storyblok\.com(;|$)/,
    );
    expect(response.headers.get("X-Frame-Options")).toBeNull();
    expect(body).toContain(BRIDGE);
    expect(body).not.toContain(PREVIEW_TOKEN);
    expect(replay.calls.some((url) => url.searchParams.get("version") === "draft")).toBe(true);
  });

  it("never writes drafts to KV", async () => {
    await fetchWorker(`/es/about/?${await previewQuery()}`, storyblokEnv(env));
    const { keys } = await env.CACHE.list({ prefix: "content:published:story:" });
    expect(keys).toEqual([]);
  });

  it.each([
    ["a forged token", () => previewQuery({ token: "guessed-token" })],
    ["a token over an hour old", () => previewQuery({ timestamp: Math.floor(Date.now() / 1000) - 3601 })],
    ["another space's token", () => previewQuery({ space: "1" })],
  ])("gives %s the published page and nothing of the draft", async (_, query) => {
    const { response, body } = await fetchWorker(`/es/about/?${await query()}`, storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(body).not.toContain("BORRADOR");
    expect(body).not.toContain(BRIDGE);
    expect(response.headers.get("X-Robots-Tag")).toBeNull();
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    expect(response.headers.get("Content-Security-Policy")).not.toContain("app.storyblok.com");
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(replay.calls.every((url) => url.searchParams.get("version") !== "draft")).toBe(true);
  });

  it("hands the bridge each block's editor marker (click-to-edit), from the draft's wire format", async () => {
    const { body } = await fetchWorker(`/es/about/?${await previewQuery()}`, storyblokEnv(env));
    // The loader data the page hydrates with keeps `_editable`, and each block is rendered inside
    // an element carrying its marker (bloks/render.tsx), on the server as in the browser.
    const document = parseHtml(body);
    for (const uid of ["about-es", "about-text-es"]) {
      expect(body).toMatch(new RegExp(`#storyblok#\\{[^}]*uid[^}]*${uid}[^}]*\\}`));
      one(document, `[data-blok-uid$="-${uid}"]`);
    }
  });

  it("gives a forged preview link no editor markers", async () => {
    const forged = await fetchWorker(`/es/about/?${await previewQuery({ token: "guessed" })}`, storyblokEnv(env));
    expect(forged.body).not.toContain("#storyblok#");
  });

  it("does not load the bridge on ordinary pages", async () => {
    const { body } = await fetchWorker("/es/about/", storyblokEnv(env));
    expect(body).not.toContain(BRIDGE);
  });
});

describe("preview token check", () => {
  const now = 1_763_780_000_000;
  const at = (seconds: number) => previewQuery({ timestamp: Math.floor(now / 1000) + seconds });

  it("accepts a fresh token and refuses one from far in the future", async () => {
    expect(await verifyPreviewQuery(await at(-3599), PREVIEW_TOKEN, now)).toBe(true);
    expect(await verifyPreviewQuery(await at(-3600), PREVIEW_TOKEN, now)).toBe(false);
    expect(await verifyPreviewQuery(await at(3600), PREVIEW_TOKEN, now)).toBe(false);
  });

  it("refuses everything when no preview token is configured", async () => {
    expect(await verifyPreviewQuery(await previewQuery({ token: "" }), "", Date.now())).toBe(false);
  });
});

describe("a verified preview", () => {
  it("stays one when a later middleware replaces the request (as a body bound does with a POST)", async () => {
    const app = new Hono<{ Bindings: Env }>();
    app.use(preview({ previewToken: () => PREVIEW_TOKEN, spaceId: () => SPACE }));
    app.use(async (c, next) => {
      c.req.raw = new Request(c.req.raw, { body: await c.req.arrayBuffer() });
      await next();
    });
    app.all("*", (c) => c.text(String(isPreview(c))));
    const send = async (query: string) =>
      (await app.request(`/es/preview-input/?${query}`, { method: "POST", body: "{}" }, env)).text();
    expect(await send(String(await previewQuery()))).toBe("true");
    expect(await send(String(await previewQuery({ token: "guessed-token" })))).toBe("false");
  });
});

describe("the page the Visual Editor opens", () => {
  it.each([
    ["/es/events/concierto-de-primavera/", null, "/es/event/concierto-de-primavera/"],
    ["/es/events/concierto-de-primavera", "en", "/en/event/concierto-de-primavera/"],
    ["/es/config", null, "/es/"],
    ["/es/config/", "ca", "/val/"],
    ["/es/home", null, "/es/"],
    ["/es/about/", "en", "/en/about/"],
    ["/es/about/", "ca", "/val/about/"],
    ["/es/restaurants/la-terrassa", null, "/es/restaurants/la-terrassa/"],
    // A translation: the editor puts the language's code in front of the full slug.
    ["/es/en/jobs", "en", "/en/jobs/"],
    ["/es/ca/restaurants/la-terrassa", "ca", "/val/restaurants/la-terrassa/"],
    ["/es/en/events/concierto-de-primavera", "en", "/en/event/concierto-de-primavera/"],
    ["/es/ca/config", "ca", "/val/"],
    ["/es/en/home", "en", "/en/"],
    ["/es/en", "en", "/en/"],
    // A page whose own slug only looks like a language code keeps it in the Spanish editor.
    ["/es/en/jobs", null, "/es/en/jobs/"],
  ])("shows %s (editing %s) at %s", (path, lang, target) => {
    expect(previewPath(path, lang)).toBe(target);
  });

  it.each([
    ["/es/about/", null],
    ["/es/about/", "default"],
    ["/es/", "es"],
    ["/es/events/", null],
    ["/en/event/concierto/", "en"],
    ["/es/about/", "fr"],
    ["/es/about/", "constructor"],
    // React Router reloading a page's data after a save.
    ["/en/event/concierto/_.data", "en"],
    ["/es/about.data", null],
  ])("leaves %s (editing %s) where it is", (path, lang) => {
    expect(previewPath(path, lang)).toBeNull();
  });

  it("sends a verified preview of an event's folder path to the event page, keeping the editor's query", async () => {
    const query = await previewQuery();
    query.set("_storyblok_lang", "en");
    const { response } = await fetchWorker(`/es/events/concierto/?${query}`, storyblokEnv(env));
    expect(response.status).toBe(302);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const location = new URL(response.headers.get("Location") ?? "", "http://site.test");
    expect(location.pathname).toBe("/en/event/concierto/");
    expect(location.searchParams.get("_storyblok_tk[token]")).toBe(query.get("_storyblok_tk[token]"));
    expect(location.searchParams.get("_storyblok_lang")).toBe("en");
  });

  it("shows the configuration story on the home page, with header and footer from the draft", async () => {
    const { response } = await fetchWorker(`/es/config/?${await previewQuery()}`, storyblokEnv(env));
    expect(response.status).toBe(302);
    const home = await fetchWorker(response.headers.get("Location") ?? "", storyblokEnv(env));
    expect(home.response.status).toBe(200);
    expect(
      replay.calls.some(
        (url) => url.pathname === "/v2/cdn/stories/config" && url.searchParams.get("version") === "draft",
      ),
    ).toBe(true);
  });

  it("redirects nobody without a valid editor's signature", async () => {
    const { response } = await fetchWorker(
      `/es/config/?${await previewQuery({ token: "guessed-token" })}`,
      storyblokEnv(env),
    );
    expect(response.status).not.toBe(302);
  });
});

describe("the bridge on every previewed page", () => {
  it("is loaded once on a page that renders its story through the bridge", async () => {
    const { body } = await fetchWorker(`/es/about/?${await previewQuery()}`, storyblokEnv(env));
    const scripts = all(parseHtml(body), "script[src]").filter((script) => script.getAttribute("src") === BRIDGE);
    expect(scripts).toHaveLength(1);
  });

  it("is never added to a published page", async () => {
    const { body } = await fetchWorker("/es/about/", storyblokEnv(env));
    expect(body).not.toContain(BRIDGE);
    expect(body).not.toContain("StoryblokBridge");
  });
});

describe("the draft the editor is typing", () => {
  const post = (query: string, body: unknown) =>
    fetchWorker(`/es/preview-input/${query}`, storyblokEnv(env), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE_ORIGIN },
      body: JSON.stringify(body),
    });
  const event = {
    id: 5011,
    uuid: "00000000-0000-4000-8000-000000005011",
    name: "Concierto",
    slug: "concierto",
    full_slug: "events/concierto",
    lang: "default",
    content: {
      component: "event",
      _uid: "e1",
      name: "Concierto en borrador",
      date: "2030-05-01 20:00",
      category: "concerts",
      location: "Pista central",
    },
  };

  it("is answered for a verified preview with the event page the draft makes, kept nowhere", async () => {
    const { response, body } = await post(`?${await previewQuery()}`, { story: event });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(JSON.parse(JSON.parse(body).event).event.card.name).toBe("Concierto en borrador");
  });

  it("is refused without the editor's signature", async () => {
    const { response } = await post(`?${await previewQuery({ token: "guessed-token" })}`, { story: event });
    expect(response.status).toBe(403);
  });

  it("is not a page: a GET is refused, never an error", async () => {
    const { response } = await fetchWorker(`/es/preview-input/?${await previewQuery()}`, storyblokEnv(env));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("names the fields an edit cannot use (422), never a 500", async () => {
    const { response, body } = await post(`?${await previewQuery()}`, {
      story: { ...event, content: { ...event.content, date: "mañana" } },
    });
    expect(response.status).toBe(422);
    expect(JSON.parse(body).problem).toContain("date");
  });

  it("builds the header and footer from a configuration story, and names what one lacks", async () => {
    const config = configStory;
    const { response, body } = await post(`?${await previewQuery()}`, config);
    expect(response.status).toBe(200);
    expect(JSON.parse(JSON.parse(body).shell.header)[0]).toHaveProperty("label");
    const { header_menu: _menu, ...lacking } = config.story.content;
    const refused = await post(`?${await previewQuery()}`, { story: { ...config.story, content: lacking } });
    expect(refused.response.status).toBe(422);
    expect(JSON.parse(refused.body).problem).toContain("header_menu");
  });
});
