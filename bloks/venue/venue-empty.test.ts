import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { all, parseHtml, textOf } from "#tests/html.ts";
import { recordings, replayStoryblok, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache, fetchWorker } from "#tests/mocks/storyblok/worker.ts";

// Empty states through the real Worker: the page comes from a (replayed) Storyblok space whose
// venue blocks have nothing to show, so every block must say so in the page's language.

const STORY_PATH = "/v2/cdn/stories/venue-empty";
const LISTING_PATH = "/v2/cdn/stories";

/** A Storyblok story response for `venue-empty` whose body holds the given blocks. */
function storyResponse(body: unknown[]): Response {
  const template = recordings["story-about"]?.body as { story: Record<string, unknown> };
  const story = {
    ...template.story,
    name: "Venue",
    slug: "venue-empty",
    full_slug: "venue-empty",
    content: { component: "page", _uid: "venue-empty", title: "Venue", body },
  };
  return Response.json({ story, cv: 1763780000, rels: [], links: [] });
}

/** The venue blocks with nothing in them; the restaurants folder is listed separately. */
const emptyBlocks = [
  { component: "text", _uid: "t", text: { type: "doc", content: [] } },
  { component: "sponsors", _uid: "s", premium: [], institutional: [] },
  { component: "restaurants", _uid: "r", folder: "closed-restaurants" },
  { component: "job_offers", _uid: "j", offers: [] },
  { component: "parking_rates", _uid: "p", price_per_minute: "", max_daily: "" },
];

let replay: Replay;
beforeEach(async () => {
  await clearCache();
  replay = replayStoryblok();
});
afterEach(() => {
  expect(replay.unhandled).toEqual([]);
});

function answerListing(respond: () => Response) {
  replay.override((url) =>
    url.pathname === LISTING_PATH && url.searchParams.get("starts_with") === "closed-restaurants/" ? respond() : null,
  );
}

describe("venue blocks with nothing to show", () => {
  it.each([
    [
      "es",
      [
        "No hay restaurantes que mostrar",
        "No hay patrocinadores que mostrar",
        "No hay ofertas de empleo en este momento",
        "Las tarifas del aparcamiento no están disponibles",
      ],
    ],
    [
      "en",
      [
        "There are no restaurants to show",
        "There are no sponsors to show",
        "There are no job offers at the moment",
        "Parking rates are not available",
      ],
    ],
  ] as const)("say so in %s", async (lang, messages) => {
    replay.override((url) => (url.pathname === STORY_PATH ? storyResponse(emptyBlocks) : null));
    answerListing(() =>
      Response.json({ stories: [], cv: 1763780000, rels: [], links: [] }, { headers: { total: "0" } }),
    );
    const path = lang === "es" ? "/es/venue-empty/" : "/en/venue-empty/";
    const { response, body } = await fetchWorker(path, storyblokEnv(env));
    expect(response.status).toBe(200);
    const document = parseHtml(body);
    expect(all(document, "p.blok-empty").map(textOf)).toEqual(expect.arrayContaining([...messages]));
    expect(all(document, '[class*="parking-calculator"]')).toEqual([]);
    expect(replay.calls.some((url) => url.searchParams.get("content_type") === "page")).toBe(true);
  });

  it("shows the restaurants' empty state, not an error page, when the listing fails", async () => {
    replay.override((url) => (url.pathname === STORY_PATH ? storyResponse(emptyBlocks) : null));
    answerListing(() => Response.json({ error: "Internal" }, { status: 500 }));
    const { response, body } = await fetchWorker("/en/venue-empty/", storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(all(parseHtml(body), "p.blok-empty").map(textOf)).toContain("There are no restaurants to show");
  });
});
