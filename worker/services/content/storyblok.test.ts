import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordings, replayStoryblok, respond, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { createStoryblokSource, fetchSpaceCacheVersion, storyblokClient, type CacheVersionStore } from "./storyblok";

// Contract tests: recorded Storyblok CDN API v2 responses replayed through the real storyblok-js-client.

function memoryCv(initial?: number): CacheVersionStore & { value: number | undefined } {
  const store = {
    value: initial,
    async get() {
      return store.value;
    },
    async set(cv: number) {
      store.value = cv;
    },
  };
  return store;
}

const settings = { region: "eu", apiBase: "", timeoutMs: 2000 } as const;
const published = () => storyblokClient({ ...settings, accessToken: "test-public-token", version: "published" });
const draft = () => storyblokClient({ ...settings, accessToken: "test-preview-token", version: "draft" });

let replay: Replay;
beforeEach(() => {
  replay = replayStoryblok();
});
afterEach(() => {
  expect(replay.unhandled).toEqual([]);
});

describe("Storyblok source: stories", () => {
  it("asks the default language for Spanish, resolving links to URLs and the configured relations", async () => {
    const source = createStoryblokSource(published(), "published", memoryCv());
    const story = await source.getStory("es", "");
    expect(story?.full_slug).toBe("home");
    const [call] = replay.calls;
    expect(call?.pathname).toBe("/v2/cdn/stories/home");
    expect(call?.searchParams.has("language")).toBe(false);
    expect(call?.searchParams.get("version")).toBe("published");
    expect(call?.searchParams.get("resolve_links")).toBe("url");
    expect(call?.searchParams.get("resolve_relations")).toContain("upcoming_events.events");
    expect(call?.searchParams.get("token")).toBe("test-public-token");
  });

  it("sends en for English and ca for Valencian", async () => {
    const source = createStoryblokSource(published(), "published", memoryCv());
    expect((await source.getStory("en", "about"))?.lang).toBe("en");
    expect((await source.getStory("val", "about"))?.lang).toBe("ca");
    expect(replay.calls.map((url) => url.searchParams.get("language"))).toEqual(["en", "ca"]);
  });

  it("replaces related story uuids with the stories and attaches resolved links", async () => {
    const source = createStoryblokSource(published(), "published", memoryCv());
    const story = await source.getStory("es", "venue");
    const body = story?.content.body as Array<Record<string, unknown>>;
    const upcoming = body.find((blok) => blok.component === "upcoming_events");
    expect(upcoming?.events).toEqual([expect.objectContaining({ full_slug: "events/concierto-ano-nuevo" })]);
    expect(upcoming?.cta).toEqual(
      expect.objectContaining({ story: expect.objectContaining({ url: "events/concierto-ano-nuevo" }) }),
    );
  });

  it("answers null for a story the CDN does not have", async () => {
    const source = createStoryblokSource(published(), "published", memoryCv());
    expect(await source.getStory("es", "no-such-page")).toBeNull();
  });

  it("reads drafts with the preview token and never sends a cache version for them", async () => {
    const source = createStoryblokSource(draft(), "draft", memoryCv(1763780000));
    const story = await source.getStory("es", "about");
    expect(JSON.stringify(story?.content)).toContain("BORRADOR");
    expect(replay.calls[0]?.searchParams.get("token")).toBe("test-preview-token");
    expect(replay.calls[0]?.searchParams.get("version")).toBe("draft");
    expect(replay.calls[0]?.searchParams.has("cv")).toBe(false);
  });

  it("raises a service error with the status when the CDN fails", async () => {
    replay.override(() => new Response(JSON.stringify({ error: "upstream" }), { status: 503 }));
    const source = createStoryblokSource(published(), "published", memoryCv());
    await expect(source.getStory("es", "about")).rejects.toMatchObject({ name: "ContentServiceError", status: 503 });
  });

  it("rejects a response that is not a story instead of rendering it", async () => {
    const recording = recordings["story-about"]!;
    replay.override(() => respond(recording, { story: { name: "no id" } }));
    const source = createStoryblokSource(published(), "published", memoryCv());
    await expect(source.getStory("es", "about")).rejects.toMatchObject({ name: "ContentServiceError" });
  });
});

describe("Storyblok source: cache version", () => {
  it("remembers the cv of the first answer and sends it afterwards", async () => {
    const cv = memoryCv();
    const source = createStoryblokSource(published(), "published", cv);
    await source.getStory("es", "");
    expect(replay.calls[0]?.searchParams.has("cv")).toBe(false);
    expect(cv.value).toBe(1763780000);
    await source.getStory("es", "about");
    expect(replay.calls[1]?.searchParams.get("cv")).toBe("1763780000");
  });

  it("reads the space's latest cache version from spaces/me", async () => {
    expect(await fetchSpaceCacheVersion(published())).toBe(1763780600);
  });
});

describe("Storyblok source: listings, links, datasources", () => {
  it("lists stories with the CDN's paging total", async () => {
    const source = createStoryblokSource(published(), "published", memoryCv());
    const listing = await source.listStories("es", { startsWith: "events/", sortBy: "content.date:asc", perPage: 2 });
    expect(listing.total).toBe(3);
    expect(listing.stories.map((story) => story.slug)).toEqual(["concierto-ano-nuevo", "final-de-copa"]);
  });

  it("maps the link index", async () => {
    const source = createStoryblokSource(published(), "published", memoryCv());
    const links = await source.getLinks();
    expect(links).toHaveLength(6);
    expect(links.find((link) => link.slug === "events")).toMatchObject({ isFolder: true });
  });

  it("reads datasource entries", async () => {
    const source = createStoryblokSource(published(), "published", memoryCv());
    const entries = await source.getDatasource("redirects");
    expect(entries[0]).toEqual({ name: "/es/el-pabellon/", value: "/es/about/", dimensionValue: null });
    expect(replay.calls[0]?.searchParams.get("datasource")).toBe("redirects");
  });

  it("uses the configured region and API base", async () => {
    replay.override((url) =>
      url.hostname === "api-us.storyblok.com" ? respond(recordings["spaces-me"]!, { space: { id: 1, version: 7 } }) : null,
    );
    const client = storyblokClient({ ...settings, region: "us", accessToken: "test-public-token", version: "published" });
    expect(await fetchSpaceCacheVersion(client)).toBe(7);
    expect(replay.calls[0]?.origin).toBe("https://api-us.storyblok.com");
    expect(env.CACHE).toBeDefined();
  });
});
