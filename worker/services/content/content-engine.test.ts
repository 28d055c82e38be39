import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Story } from "#app/lib/content-types.ts";
import { hang, recordings, replayStoryblok, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache, fetchWorker } from "#tests/mocks/storyblok/worker.ts";
import { forgetParsedEntries } from "#worker/services/cache/kv-cache.ts";
import { one, parseHtml, textOf } from "#tests/html.ts";
import { CACHE_STRATEGIES } from "#worker/services/cache/strategies.ts";
import { contentKeys } from "./keys";

// The whole page path (Worker → React Router → content source → KV → Storyblok client) with the
// Storyblok CDN answered by recordings.

let replay: Replay;
beforeEach(async () => {
  await clearCache();
  replay = replayStoryblok();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  expect(replay.unhandled).toEqual([]);
});

const homeCalls = () => replay.calls.filter((url) => url.pathname === "/v2/cdn/stories/home");

/** Puts a copy of the recorded home story in KV, saying `text`, put `ageMs` ago. */
async function seedHome(text: string, ageMs: number) {
  const story = structuredClone((recordings["story-home"]!.body as { story: Story }).story);
  const body = story.content.body as Array<{ text: { content: Array<{ content: Array<{ text: string }> }> } }>;
  body[0]!.text.content[1]!.content[0]!.text = text;
  await env.CACHE.put(contentKeys.story("es", ""), JSON.stringify({ putAt: Date.now() - ageMs, value: story }));
}
const staleAge = (CACHE_STRATEGIES.long.freshSeconds + 60) * 1000;

/** Makes every cached content entry `ageMs` old, as if the site had not been published for a while. */
async function ageEveryEntry(ageMs: number) {
  forgetParsedEntries();
  const { keys } = await env.CACHE.list({ prefix: "content:published:" });
  for (const { name } of keys) {
    // Cache entries only: the story-slug index holds plain slugs.
    if (name.startsWith("content:published:story-slug:")) continue;
    const entry = await env.CACHE.get<{ putAt: number }>(name, "json");
    if (entry) await env.CACHE.put(name, JSON.stringify({ ...entry, putAt: Date.now() - ageMs }));
  }
}

describe("published pages from Storyblok through KV", () => {
  it("renders Storyblok's story and caches it under version, language and slug", async () => {
    const { response, body } = await fetchWorker("/es/", storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(body).toContain("Contenido servido desde Storyblok.");
    const entry = await env.CACHE.get<{ putAt: number; value: Story }>("content:published:story:es:home", "json");
    expect(entry?.value.full_slug).toBe("home");
    expect(entry?.putAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("stores the space's cache version for a limited time only", async () => {
    await fetchWorker("/es/", storyblokEnv(env));
    const { keys } = await env.CACHE.list({ prefix: contentKeys.cacheVersion });
    expect(await env.CACHE.get(contentKeys.cacheVersion)).toBe("1763780000");
    const expiresIn = (keys[0]?.expiration ?? Infinity) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(CACHE_STRATEGIES.long.freshSeconds);
  });

  it("serves the next request from KV without calling Storyblok", async () => {
    await fetchWorker("/en/", storyblokEnv(env));
    const before = replay.calls.length;
    const { body } = await fetchWorker("/en/", storyblokEnv(env));
    expect(body).toContain("Content served from Storyblok.");
    expect(replay.calls.length).toBe(before);
  });

  it("serves a stale story at once and refreshes it in the background", async () => {
    await seedHome("Texto de ayer", staleAge);
    const { body } = await fetchWorker("/es/", storyblokEnv(env));
    expect(body).toContain("Texto de ayer");
    expect(homeCalls()).toHaveLength(1);
    const { body: next } = await fetchWorker("/es/", storyblokEnv(env));
    expect(next).toContain("Contenido servido desde Storyblok.");
  });

  it("keeps rendering the stale story while Storyblok answers 500", async () => {
    await seedHome("Texto guardado", staleAge);
    replay.override((url) =>
      url.pathname === "/v2/cdn/stories/home" ? new Response('{"error":"Internal"}', { status: 500 }) : null,
    );
    const { response, body } = await fetchWorker("/es/", storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(body).toContain("Texto guardado");
    expect((await fetchWorker("/es/", storyblokEnv(env))).body).toContain("Texto guardado");
  });

  it("keeps rendering the stale story while Storyblok times out", async () => {
    await seedHome("Texto guardado", staleAge);
    replay.override((url, init) => (url.pathname === "/v2/cdn/stories/home" ? hang(init) : null));
    const { response, body } = await fetchWorker("/es/", storyblokEnv(env, { STORYBLOK_TIMEOUT_MS: "50" }));
    expect(response.status).toBe(200);
    expect(body).toContain("Texto guardado");
    expect(homeCalls()).toHaveLength(1);
  });

  it("remembers a missing story briefly", async () => {
    const first = await fetchWorker("/es/no-such-page/", storyblokEnv(env));
    expect(first.response.status).toBe(404);
    const entry = await env.CACHE.get<{ value: unknown }>("content:published:story:es:no-such-page", "json");
    expect(entry?.value).toBeNull();
    const calls = replay.calls.length;
    expect((await fetchWorker("/es/no-such-page/", storyblokEnv(env))).response.status).toBe(404);
    expect(replay.calls.length).toBe(calls);
  });

  it("asks Storyblok once for concurrent requests on a cold cache", async () => {
    const responses = await Promise.all(Array.from({ length: 4 }, () => fetchWorker("/es/", storyblokEnv(env))));
    expect(responses.map((r) => r.response.status)).toEqual([200, 200, 200, 200]);
    expect(homeCalls()).toHaveLength(1);
  });

  it("keeps serving the embedded stories when no token is set, without calling out", async () => {
    const { body } = await fetchWorker("/es/", env);
    expect(body).toContain("Bienvenido al Arena Valencia");
    expect(body).not.toContain("Contenido servido desde Storyblok.");
    expect(replay.calls).toHaveLength(0);
  });
});

describe("a CMS outage", () => {
  const cmsDown = () => replay.override(() => new Response('{"error":"Service Unavailable"}', { status: 502 }));

  it("keeps serving the pages already cached", async () => {
    expect((await fetchWorker("/es/", storyblokEnv(env))).response.status).toBe(200);
    cmsDown();
    const { response, body } = await fetchWorker("/es/", storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(body).toContain("Contenido servido desde Storyblok.");
  });

  it("answers a page never cached with 503, Retry-After and no-store, and logs the cause", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    cmsDown();
    const { response, body } = await fetchWorker("/es/about/", storyblokEnv(env));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const status = one(parseHtml(body), "p.error-page__status");
    expect([textOf(status), status.getAttribute("aria-hidden")]).toEqual(["503", "true"]);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^\[[\w-]+\] CMS unavailable \(502\): .* → 503, Retry-After 30 s$/));
  });

  it("answers 503 when the CMS does not answer at all", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    replay.override((_url, init) => hang(init));
    const { response } = await fetchWorker("/es/about/", storyblokEnv(env, { STORYBLOK_TIMEOUT_MS: "50" }));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("30");
  });

  it("titles the outage page in the visitor's language", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    cmsDown();
    for (const [path, title] of [
      ["/es/about/", "No disponible por el momento"],
      ["/en/about/", "Temporarily unavailable"],
      ["/val/about/", "No disponible de moment"],
    ] as const) {
      const { response, body } = await fetchWorker(path, storyblokEnv(env));
      expect(response.status).toBe(503);
      const document = parseHtml(body);
      expect(document.title).toBe(title);
      expect(textOf(one(document, "h1"))).toBe(title);
    }
  });

  it("asks a CDN that is down once per key for a burst of visitors, not once per visitor", async () => {
    for (const lang of ["es", "en"]) expect((await fetchWorker(`/${lang}/`, storyblokEnv(env))).response.status).toBe(200);
    await ageEveryEntry(staleAge);
    cmsDown();
    const before = replay.calls.length;
    const views = 100;
    for (let i = 0; i < views; i += 1) {
      const { response } = await fetchWorker(i % 2 ? "/en/" : "/es/", storyblokEnv(env));
      expect(response.status).toBe(200);
    }
    const during = replay.calls.slice(before);
    const perKey = Map.groupBy(during, (url) => `${url.pathname}?${url.searchParams.get("language") ?? ""}`);
    expect(Math.max(...[...perKey.values()].map((calls) => calls.length))).toBe(1);
    expect(during.length).toBeLessThan(views / 5);
  });

  it("answers later visitors of a page never cached without asking the CDN again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    cmsDown();
    expect((await fetchWorker("/es/about/", storyblokEnv(env))).response.status).toBe(503);
    const before = replay.calls.length;
    for (let i = 0; i < 10; i += 1) {
      const { response } = await fetchWorker("/es/about/", storyblokEnv(env));
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
    }
    expect(replay.calls.slice(before).filter((url) => url.pathname === "/v2/cdn/stories/about")).toHaveLength(0);
  });

  it("still answers a missing page 404, not 503", async () => {
    expect((await fetchWorker("/es/no-such-page/", storyblokEnv(env))).response.status).toBe(404);
  });
});
