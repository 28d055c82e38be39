import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordings, replayStoryblok, respond, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache, fetchWorker } from "#tests/mocks/storyblok/worker.ts";
import { contentKeys } from "#worker/services/content/keys.ts";
import { contentSettings } from "#worker/services/content/settings.ts";
import { all, parseHtml } from "#tests/html.ts";
import { hmacSha1Hex } from "#worker/services/content/signatures.ts";

const SECRET = "test-webhook-secret";

async function post(
  payload: unknown,
  options: { secret?: string | null; workerEnv?: Env; raw?: string; token?: string } = {},
) {
  const body = options.raw ?? JSON.stringify(payload);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const secret = options.secret === undefined ? SECRET : options.secret;
  if (secret !== null) headers["webhook-signature"] = await hmacSha1Hex(secret, new TextEncoder().encode(body).buffer);
  const path = options.token === undefined ? "" : `?token=${encodeURIComponent(options.token)}`;
  const { response, body: text } = await fetchWorker(
    `/api/webhooks/storyblok${path}`,
    options.workerEnv ?? storyblokEnv(env),
    {
      method: "POST",
      headers,
      body,
    },
  );
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown>, response };
}

const entry = (value: unknown) => JSON.stringify({ putAt: Date.now(), value });

/** Cache entries a publish of `about` (id 1002) must purge, and one it must not. */
const aboutKeys = [
  contentKeys.story("es", "about"),
  contentKeys.story("en", "about"),
  contentKeys.story("val", "about"),
  contentKeys.listing("es", { startsWith: "events/" }),
  contentKeys.links,
  contentKeys.datasource("redirects"),
];
const unrelated = contentKeys.story("es", "home");

async function seed() {
  await Promise.all([...aboutKeys, unrelated].map((key) => env.CACHE.put(key, entry({ seeded: key }))));
  await env.CACHE.put(contentKeys.cacheVersion, "1763780000");
}
const present = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => env.CACHE.get(key)))).map((value) => value !== null);

const storyEvent = (action: string, extra: Record<string, unknown> = {}) => ({
  text: `The user editor@arena.test ${action} the Story El pabellón (about)`,
  action,
  space_id: 287416,
  story_id: 1002,
  full_slug: "about",
  ...extra,
});

let replay: Replay;
beforeEach(async () => {
  await clearCache();
  replay = replayStoryblok();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  expect(replay.unhandled).toEqual([]);
});

describe("publish webhook: authentication", () => {
  it("refuses every call while no secret is configured", async () => {
    const { status, json } = await post(storyEvent("published"), {
      workerEnv: storyblokEnv(env, { STORYBLOK_WEBHOOK_SECRET: "" }),
    });
    expect(status).toBe(403);
    expect(json).toMatchObject({ error: { code: "webhook_disabled" } });
  });

  it("rejects an unsigned call", async () => {
    await seed();
    const { status, json } = await post(storyEvent("published"), { secret: null });
    expect(status).toBe(401);
    expect(json).toMatchObject({ error: { code: "invalid_signature" } });
    expect(await present(aboutKeys)).toEqual(aboutKeys.map(() => true));
  });

  it("rejects a signature made with another secret", async () => {
    await seed();
    expect((await post(storyEvent("published"), { secret: "guessed-secret" })).status).toBe(401);
    expect(await present(aboutKeys)).toEqual(aboutKeys.map(() => true));
  });

  it("rejects a valid signature of a different body", async () => {
    const signed = JSON.stringify(storyEvent("published"));
    const signature = await hmacSha1Hex(SECRET, new TextEncoder().encode(signed).buffer);
    const { response } = await fetchWorker("/api/webhooks/storyblok", storyblokEnv(env), {
      method: "POST",
      headers: { "webhook-signature": signature },
      body: JSON.stringify(storyEvent("deleted")),
    });
    expect(response.status).toBe(401);
  });

  it("answers 400 to a signed body that is not an event, and 413 to an oversized one", async () => {
    expect((await post(null, { raw: "not json" })).status).toBe(400);
    expect((await post({ hello: "world" })).status).toBe(400);
    expect((await post(null, { raw: JSON.stringify({ pad: "x".repeat(70_000) }) })).status).toBe(413);
  });
});

describe("publish webhook: URL token, for plans without webhook secrets", () => {
  const TOKEN = "4f1c0e9a7b2d48e6a3c5f7091b2d4e6f8a0c2e4f6a8b0d2f";
  const tokenOnly = () => storyblokEnv(env, { STORYBLOK_WEBHOOK_SECRET: "", STORYBLOK_WEBHOOK_TOKEN: TOKEN });

  it("accepts an unsigned call whose URL carries the token, and purges", async () => {
    await seed();
    const { status, json } = await post(storyEvent("published"), {
      secret: null,
      token: TOKEN,
      workerEnv: tokenOnly(),
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, action: "published" });
    expect(await present(aboutKeys)).toEqual(aboutKeys.map(() => false));
  });

  it.each([
    ["no token", undefined],
    ["a wrong token of the same length", TOKEN.replace(/^4/, "5")],
    ["a prefix of the token", TOKEN.slice(0, 20)],
    ["an empty token", ""],
  ])("refuses %s (401) and purges nothing", async (_name, token) => {
    await seed();
    const { status, json } = await post(storyEvent("published"), { secret: null, token, workerEnv: tokenOnly() });
    expect(status).toBe(401);
    expect(json).toMatchObject({ error: { code: "invalid_signature" } });
    expect(await present(aboutKeys)).toEqual(aboutKeys.map(() => true));
  });

  it("keeps the signed path when both are configured: a valid signature alone is enough", async () => {
    const both = storyblokEnv(env, { STORYBLOK_WEBHOOK_TOKEN: TOKEN });
    expect((await post(storyEvent("published"), { workerEnv: both })).status).toBe(200);
    expect((await post(storyEvent("published"), { secret: null, token: TOKEN, workerEnv: both })).status).toBe(200);
  });

  it("refuses a wrong signature even with the right token (the body was changed on the way)", async () => {
    const both = storyblokEnv(env, { STORYBLOK_WEBHOOK_TOKEN: TOKEN });
    const { status } = await post(storyEvent("published"), { secret: "guessed-secret", token: TOKEN, workerEnv: both });
    expect(status).toBe(401);
  });

  it("ignores a token while none is configured", async () => {
    const { status } = await post(storyEvent("published"), { secret: null, token: "anything-at-all" });
    expect(status).toBe(401);
  });

  it("refuses a configured token too short to be a secret", () => {
    expect(() => contentSettings(storyblokEnv(env, { STORYBLOK_WEBHOOK_TOKEN: "x".repeat(31) }))).toThrow();
    expect(contentSettings(tokenOnly()).webhookToken).toBe(TOKEN);
  });
});

describe("publish webhook: purges", () => {
  it.each(["published", "unpublished", "deleted"])(
    "purges the story in all languages, listings, links and redirects when a story is %s",
    async (action) => {
      await seed();
      const { status, json } = await post(storyEvent(action));
      expect(status).toBe(200);
      expect(json).toMatchObject({ ok: true, action });
      expect(await present(aboutKeys)).toEqual(aboutKeys.map(() => false));
      expect(await env.CACHE.get(unrelated)).not.toBeNull();
    },
  );

  it("purges a moved story under its previous slug too", async () => {
    await fetchWorker("/es/about/", storyblokEnv(env));
    expect(await env.CACHE.get(contentKeys.story("es", "about"))).not.toBeNull();
    const { status } = await post(storyEvent("moved", { full_slug: "venue/about" }));
    expect(status).toBe(200);
    expect(await env.CACHE.get(contentKeys.story("es", "about"))).toBeNull();
  });

  it("finds an unpublished story's slug from its id when the webhook carries none", async () => {
    await fetchWorker("/es/about/", storyblokEnv(env));
    await env.CACHE.put(unrelated, entry({ seeded: unrelated }));
    const { full_slug: _omitted, ...withoutSlug } = storyEvent("unpublished");
    expect((await post(withoutSlug)).status).toBe(200);
    expect(await env.CACHE.get(contentKeys.story("es", "about"))).toBeNull();
    expect(await env.CACHE.get(unrelated)).not.toBeNull();
  });

  it("reads every story afresh when nothing says where a deleted story was", async () => {
    await fetchWorker("/es/", storyblokEnv(env));
    const calls = replay.calls.length;
    const { full_slug: _omitted, ...withoutSlug } = storyEvent("deleted");
    expect((await post(withoutSlug)).status).toBe(200);
    await fetchWorker("/es/", storyblokEnv(env));
    const reread = replay.calls.slice(calls).map((url) => url.pathname);
    expect(reread).toContain("/v2/cdn/stories/home");
    expect(reread).toContain("/v2/cdn/stories/config");
  });

  it("purges only the datasource whose entries were updated", async () => {
    await seed();
    const { status } = await post({
      text: "The user editor@arena.test updated the datasource entries of redirects",
      action: "entries_updated",
      space_id: 287416,
      datasource_slug: "redirects",
    });
    expect(status).toBe(200);
    expect(await env.CACHE.get(contentKeys.datasource("redirects"))).toBeNull();
    expect(await env.CACHE.get(contentKeys.story("es", "about"))).not.toBeNull();
  });

  it("acknowledges and ignores events that cannot change cached content", async () => {
    await seed();
    const { status, json } = await post({
      text: "The user uploaded an asset",
      action: "created",
      space_id: 287416,
      asset_id: 99,
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, ignored: true });
    expect(await present(aboutKeys)).toEqual(aboutKeys.map(() => true));
  });

  it("does no harm when replayed", async () => {
    await seed();
    const event = storyEvent("published");
    const first = await post(event);
    const second = await post(event);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await present(aboutKeys)).toEqual(aboutKeys.map(() => false));
    expect(await env.CACHE.get(unrelated)).not.toBeNull();
  });

  it("stores the space's new cache version after a publish", async () => {
    await seed();
    await post(storyEvent("published"));
    expect(await env.CACHE.get(contentKeys.cacheVersion)).toBe("1763780600");
  });
});

describe("publish webhook: end to end in the Worker", () => {
  it("shows the changed story on the next load after a signed webhook", async () => {
    expect((await fetchWorker("/es/", storyblokEnv(env))).body).toContain("Contenido servido desde Storyblok.");

    const recording = recordings["story-home"]!;
    const changed = structuredClone(recording.body) as {
      story: { content: { body: Array<{ text: { content: Array<{ content: Array<{ text: string }> }> } }> } };
    };
    changed.story.content.body[0]!.text.content[1]!.content[0]!.text = "Texto recién publicado.";
    replay.override((url) => (url.pathname === "/v2/cdn/stories/home" ? respond(recording, changed) : null));

    // Until the webhook arrives, the cached story is served.
    expect((await fetchWorker("/es/", storyblokEnv(env))).body).toContain("Contenido servido desde Storyblok.");
    const { status } = await post({ ...storyEvent("published"), story_id: 1001, full_slug: "home" });
    expect(status).toBe(200);
    const { body } = await fetchWorker("/es/", storyblokEnv(env));
    expect(body).toContain("Texto recién publicado.");
    const lastHomeCall = replay.calls.filter((url) => url.pathname === "/v2/cdn/stories/home").at(-1);
    expect(lastHomeCall?.searchParams.get("cv")).toBe("1763780600");
  });
});

describe("publish webhook: a renamed story", () => {
  const aboutUuid = "00000000-0000-4000-8000-000000001002";
  /** The CDN after an editor renamed `about` (id 1002) to `sobre-nosotros`, the menus linking to it by id. */
  function cdnWithMenusLinkingTo(slug: string) {
    replay.override((url) => {
      const config = url.pathname === "/v2/cdn/stories/config";
      const about = url.pathname === `/v2/cdn/stories/${slug}`;
      if (!config && !about) return null;
      const language = url.searchParams.get("language");
      const name = `story-${config ? "config" : "about"}${language === "en" ? "-en" : language === "ca" ? "-val" : ""}`;
      const recording = recordings[name]!;
      const body = structuredClone(recording.body) as {
        story: { slug: string; full_slug: string; content: Record<string, unknown> };
      };
      if (about) Object.assign(body.story, { slug, full_slug: slug });
      if (config) {
        const link = { linktype: "story", id: aboutUuid, cached_url: slug, story: { full_slug: slug, url: slug } };
        body.story.content.header_menu = [
          { label: "Inicio", slug: "" },
          { label: "El pabellón", link },
        ];
      }
      return respond(recording, body);
    });
  }
  const menuHrefs = (html: string) => all(parseHtml(html), ".site-nav a").map((a) => a.getAttribute("href"));

  it("moves every page that links to it on the next load, and answers 301 from the old path", async () => {
    cdnWithMenusLinkingTo("about");
    const before = await fetchWorker("/es/", storyblokEnv(env));
    expect(menuHrefs(before.body)).toContain("/es/about/");
    expect((await fetchWorker("/es/about/", storyblokEnv(env))).response.status).toBe(200);

    cdnWithMenusLinkingTo("sobre-nosotros");
    const { status } = await post({ ...storyEvent("published"), full_slug: "sobre-nosotros" });
    expect(status).toBe(200);

    // The home page was not published, but its menu links to the renamed story: read afresh.
    const after = await fetchWorker("/es/", storyblokEnv(env));
    expect(menuHrefs(after.body)).toContain("/es/sobre-nosotros/");
    expect(menuHrefs(after.body)).not.toContain("/es/about/");
    for (const lang of ["es", "en", "val"]) {
      const { response } = await fetchWorker(`/${lang}/about/`, storyblokEnv(env));
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe(`/${lang}/sobre-nosotros/`);
    }
    expect((await fetchWorker("/es/sobre-nosotros/", storyblokEnv(env))).response.status).toBe(200);
  });

  it("drops the redirect when the story is renamed back", async () => {
    cdnWithMenusLinkingTo("about");
    await fetchWorker("/es/about/", storyblokEnv(env));
    cdnWithMenusLinkingTo("sobre-nosotros");
    await post({ ...storyEvent("published"), full_slug: "sobre-nosotros" });
    cdnWithMenusLinkingTo("about");
    await post({ ...storyEvent("published"), full_slug: "about" });
    expect((await fetchWorker("/es/about/", storyblokEnv(env))).response.status).toBe(200);
    const { response } = await fetchWorker("/es/sobre-nosotros/", storyblokEnv(env));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/es/about/");
  });

  it("keeps every other cached story when a story is published under the same path", async () => {
    await fetchWorker("/es/about/", storyblokEnv(env));
    await fetchWorker("/es/", storyblokEnv(env));
    const calls = replay.calls.length;
    await post({ ...storyEvent("published"), story_id: 1002, full_slug: "about" });
    await fetchWorker("/es/", storyblokEnv(env));
    // Home and the configuration still come from KV: no story but the published one is read again.
    const reread = replay.calls.slice(calls).filter((url) => url.pathname.startsWith("/v2/cdn/stories/"));
    expect(reread.map((url) => url.pathname)).not.toContain("/v2/cdn/stories/home");
    expect(reread.map((url) => url.pathname)).not.toContain("/v2/cdn/stories/config");
  });
});
