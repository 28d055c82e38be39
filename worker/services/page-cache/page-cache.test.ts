import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Story } from "#app/lib/content-types.ts";
import { recordings, replayStoryblok, respond, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache, fetchWorker } from "#tests/mocks/storyblok/worker.ts";
import { all, parseHtml } from "#tests/html.ts";
import { hmacSha1Hex, sha1Hex } from "#worker/services/content/signatures.ts";
import { createPageCache, type PageRequest } from "./page-cache";
import { PAGE_CACHE, PUBLIC_PAGE_CACHE_CONTROL } from "./policy";

// The edge page cache inside workerd, with the real Cache API (caches.default).

const cached = (workerEnv: Env = env): Env => Object.assign({}, workerEnv, { PAGE_CACHE: "on" });
/** Each test its own URL: the Cache API outlives a test. */
const unique = (path: string) => `${path}?t=${crypto.randomUUID()}`;

function noncesIn(html: string): Set<string> {
  return new Set(all(parseHtml(html), "[nonce]").map((element) => element.getAttribute("nonce") ?? ""));
}
/** The form keys (idempotency keys) a page's forms carry. */
const keysOf = (html: string) =>
  all(parseHtml(html), 'input[name="idempotencyKey"]').map((input) => input.getAttribute("value") ?? "");
const cspNonce = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("edge page cache through the Worker", { timeout: 30_000 }, () => {
  it("renders on a miss, then answers from the cache with a fresh nonce each time", async () => {
    const path = unique("/es/");
    const first = await fetchWorker(path, cached());
    expect(first.response.headers.get("X-Page-Cache")).toBe("MISS");
    expect(first.response.headers.get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    const second = await fetchWorker(path, cached());
    const third = await fetchWorker(path, cached());
    expect(second.response.headers.get("X-Page-Cache")).toBe("HIT");
    expect(third.response.headers.get("X-Page-Cache")).toBe("HIT");

    const nonces = [first, second, third].map(({ response, body }) => {
      const nonce = cspNonce(response);
      expect(nonce).toBeTruthy();
      expect([...noncesIn(body)]).toEqual([nonce]);
      return nonce;
    });
    expect(new Set(nonces).size).toBe(3);
    const normalise = (html: string, nonce: string | undefined) =>
      keysOf(html).reduce((text, key) => text.replaceAll(key, ""), html.replaceAll(`nonce="${nonce}"`, "nonce"));
    expect(normalise(second.body, nonces[1])).toBe(normalise(first.body, nonces[0]));
    // The cache's own bookkeeping never reaches a browser.
    expect([...second.response.headers.keys()].filter((name) => name.startsWith("x-page-cache-"))).toEqual([]);
  });

  it("gives every response of a cached page its own form keys (a shared key made two people's posts one)", async () => {
    const path = unique("/val/contact/");
    const responses = [];
    for (let index = 0; index < 3; index += 1) responses.push(await fetchWorker(path, cached()));
    expect(responses.map(({ response }) => response.headers.get("X-Page-Cache"))).toEqual(["MISS", "HIT", "HIT"]);
    const keys = responses.flatMap(({ body }) => keysOf(body));
    // The contact form and the footer's newsletter form, on each of the three responses.
    expect(keys).toHaveLength(6);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(6);
    // The keys are not part of the page's validator.
    expect(responses[2]?.response.headers.get("ETag")).toBe(responses[1]?.response.headers.get("ETag"));
  });

  it("gives hits an ETag and answers If-None-Match with a 304 without a body", async () => {
    const path = unique("/en/about/");
    await fetchWorker(path, cached());
    const hit = await fetchWorker(path, cached());
    const etag = hit.response.headers.get("ETag");
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect((await fetchWorker(path, cached())).response.headers.get("ETag")).toBe(etag);
    const revalidated = await fetchWorker(path, cached(), { headers: { "If-None-Match": etag ?? "" } });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.response.headers.get("ETag")).toBe(etag);
    // The browser keeps its copy and the CSP that came with it.
    expect(revalidated.response.headers.get("Content-Security-Policy")).toBeNull();
    const changed = await fetchWorker(path, cached(), { headers: { "If-None-Match": 'W/"something-else"' } });
    expect(changed.response.status).toBe(200);
  });

  it("answers HEAD with the headers of GET and no body, cached or not", async () => {
    const names = (response: Response) => [...response.headers.keys()].sort();
    const uncachedHead = await fetchWorker(unique("/val/"), cached(), { method: "HEAD" });
    const uncachedGet = await fetchWorker(unique("/val/"), cached());
    expect(uncachedHead.response.status).toBe(200);
    expect(uncachedHead.body).toBe("");
    expect(uncachedHead.response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(uncachedHead.response.headers.get("Content-Security-Policy")).toContain("'nonce-");
    expect(names(uncachedHead.response)).toEqual(names(uncachedGet.response));

    const path = unique("/val/");
    await fetchWorker(path, cached());
    const get = await fetchWorker(path, cached());
    const head = await fetchWorker(path, cached(), { method: "HEAD" });
    expect(head.response.headers.get("X-Page-Cache")).toBe("HIT");
    expect(head.body).toBe("");
    expect(names(head.response)).toEqual(names(get.response));
    expect(head.response.headers.get("ETag")).toBe(get.response.headers.get("ETag"));
  });

  it("caches the routes' .data requests too", async () => {
    const path = unique("/en/about.data");
    const first = await fetchWorker(path, cached());
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("X-Page-Cache")).toBe("MISS");
    const second = await fetchWorker(path, cached());
    expect(second.response.headers.get("X-Page-Cache")).toBe("HIT");
    expect(second.body).toBe(first.body);
  });

  it("never serves or stores a member's request (session cookie or signed-in hint)", async () => {
    const path = unique("/es/");
    for (const cookie of ["__session=some.token.value", "signed_in=1"]) {
      const member = await fetchWorker(path, cached(), { headers: { Cookie: cookie } });
      expect(member.response.headers.get("X-Page-Cache")).toBe("BYPASS");
    }
    expect((await fetchWorker(path, cached())).response.headers.get("X-Page-Cache")).toBe("MISS");
    // And a cached page is not handed to a member either.
    const member = await fetchWorker(path, cached(), { headers: { Cookie: "lang=es; __session=x" } });
    expect(member.response.headers.get("X-Page-Cache")).toBe("BYPASS");
  });

  it("never caches an error page", async () => {
    const path = unique("/es/no-such-page/");
    for (let i = 0; i < 2; i += 1) {
      const { response } = await fetchWorker(path, cached());
      expect(response.status).toBe(404);
      expect(response.headers.get("X-Page-Cache")).toBe("MISS");
      expect(response.headers.get("ETag")).toBeNull();
    }
  });

  it("never caches other methods", async () => {
    const path = unique("/es/newsletter/");
    const post = await fetchWorker(path, cached(), { method: "POST", body: new FormData() });
    expect(post.response.headers.get("X-Page-Cache")).toBe("BYPASS");
  });

  it("renders every request when the cache is off", async () => {
    const path = unique("/es/");
    await fetchWorker(path, env);
    const { response } = await fetchWorker(path, env);
    expect(response.headers.get("X-Page-Cache")).toBeNull();
  });
});

describe("edge page cache with Storyblok: previews and the publish purge", () => {
  let replay: Replay;
  beforeEach(async () => {
    await clearCache();
    replay = replayStoryblok();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => expect(replay.unhandled).toEqual([]));

  it("never caches a preview", async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const query = new URLSearchParams({
      _storyblok: "1002",
      "_storyblok_tk[space_id]": "287416",
      "_storyblok_tk[timestamp]": timestamp,
      "_storyblok_tk[token]": await sha1Hex(`287416:test-preview-token:${timestamp}`),
    });
    for (let i = 0; i < 2; i += 1) {
      const { response, body } = await fetchWorker(`/es/about/?${query}`, cached(storyblokEnv(env)));
      expect(response.headers.get("X-Page-Cache")).toBe("BYPASS");
      expect(body).toContain("BORRADOR");
    }
  });

  it("serves a publish on the next request: the webhook bumps the version in the key", async () => {
    const workerEnv = cached(storyblokEnv(env));
    const path = unique("/es/");
    await fetchWorker(path, workerEnv);
    const hit = await fetchWorker(path, workerEnv);
    expect(hit.response.headers.get("X-Page-Cache")).toBe("HIT");
    expect(hit.body).toContain("Contenido servido desde Storyblok.");

    // The editor publishes a new text.
    const story = structuredClone((recordings["story-home"]!.body as { story: Story }).story);
    const text = story.content.body as Array<{ text: { content: Array<{ content: Array<{ text: string }> }> } }>;
    text[0]!.text.content[1]!.content[0]!.text = "Recién publicado.";
    replay.override((url) =>
      url.pathname === "/v2/cdn/stories/home" && !url.searchParams.has("language")
        ? respond(recordings["story-home"]!, { story, cv: 1763790000, rels: [], links: [] })
        : null,
    );
    const body = JSON.stringify({
      text: "x",
      action: "published",
      space_id: 287416,
      story_id: 1001,
      full_slug: "home",
    });
    const signature = await hmacSha1Hex("test-webhook-secret", new TextEncoder().encode(body).buffer);
    const webhook = await fetchWorker("/api/webhooks/storyblok", workerEnv, {
      method: "POST",
      headers: { "Content-Type": "application/json", "webhook-signature": signature },
      body,
    });
    expect(webhook.response.status).toBe(200);

    const after = await fetchWorker(path, workerEnv);
    expect(after.response.headers.get("X-Page-Cache")).toBe("MISS");
    expect(after.body).toContain("Recién publicado.");
    expect((await fetchWorker(path, workerEnv)).body).toContain("Recién publicado.");
  });
});

describe("edge page cache policy", () => {
  let clock = Date.now();
  const cache = () => caches.open("page-cache-test");
  const pageCache = () => createPageCache({ buildId: "test", cache: () => cacheHolder, now: () => clock });
  let cacheHolder: Cache;
  beforeEach(async () => {
    cacheHolder = await cache();
    clock = Date.now();
  });

  function page(render: PageRequest["render"], init: RequestInit = {}): PageRequest & { pending: Promise<unknown>[] } {
    const pending: Promise<unknown>[] = [];
    return {
      request: new Request(`http://arena.test${unique("/es/x/")}`, init),
      nonce: "fresh-nonce",
      lang: "es",
      crawler: false,
      preview: false,
      contentVersion: async () => "v1",
      render,
      waitUntil: (promise) => pending.push(promise),
      pending,
    };
  }
  /** Waits for background work, including what that work starts in turn. */
  async function settle(pending: Promise<unknown>[]) {
    while (pending.length > 0) await Promise.all(pending.splice(0));
  }
  const html = (nonce: string, extra = "") => `<html><script nonce="${nonce}">1</script>${extra}</html>`;
  const ok = (body: string, headers: HeadersInit = {}) =>
    new Response(body, { headers: { "Content-Type": "text/html", ...headers } });

  async function twice(request: ReturnType<typeof page>) {
    const cacheUnderTest = pageCache();
    const first = await cacheUnderTest.serve(request);
    await first.text();
    await settle(request.pending);
    return cacheUnderTest.serve(request);
  }

  it.each([
    ["sets a cookie", () => ok(html("a"), { "Set-Cookie": "x=1" })],
    ["is marked private", () => ok(html("a"), { "Cache-Control": "private, no-store" })],
    ["failed after the shell was sent", () => ok(html("a", "<!--$!--><template></template><!--/$-->"))],
    ["is a server error", () => new Response(html("a"), { status: 500 })],
  ])("never stores a page that %s", async (_, render) => {
    const second = await twice(page(async () => render()));
    expect(second.headers.get("X-Page-Cache")).toBe("MISS");
  });

  it("serves a stale page at once and renders it again once in the background", async () => {
    let renders = 0;
    // A render writes the nonce of the request it renders for.
    let renderingFor = "first-nonce";
    const request = { ...page(async () => ok(html(renderingFor, `<p>${(renders += 1)}</p>`))), nonce: "first-nonce" };
    const cacheUnderTest = pageCache();
    await (await cacheUnderTest.serve(request)).text();
    await settle(request.pending);
    clock += (PAGE_CACHE.freshSeconds + 1) * 1000;
    const later = { ...request, nonce: "later-nonce" };
    renderingFor = "later-nonce";
    const [stale, alsoStale] = await Promise.all([cacheUnderTest.serve(later), cacheUnderTest.serve(later)]);
    expect(stale.headers.get("X-Page-Cache")).toBe("STALE");
    expect(alsoStale.headers.get("X-Page-Cache")).toBe("STALE");
    expect(await stale.text()).toBe(html("later-nonce", "<p>1</p>"));
    await settle(request.pending);
    expect(renders).toBe(2);
    const refreshed = await cacheUnderTest.serve({ ...later, nonce: "third-nonce" });
    expect(refreshed.headers.get("X-Page-Cache")).toBe("HIT");
    expect(await refreshed.text()).toBe(html("third-nonce", "<p>2</p>"));
  });

  it("keys on the content version and the build", async () => {
    const request = page(async () => ok(html("n")));
    expect((await twice(request)).headers.get("X-Page-Cache")).toBe("HIT");
    expect(
      (await pageCache().serve({ ...request, contentVersion: async () => "v2" })).headers.get("X-Page-Cache"),
    ).toBe("MISS");
    const otherBuild = createPageCache({ buildId: "next", cache: () => cacheHolder, now: () => clock });
    expect((await otherBuild.serve(request)).headers.get("X-Page-Cache")).toBe("MISS");
  });
});
