import { describe, expect, it } from "vitest";
import { toEventRecord } from "#app/lib/events/event.ts";
import type { Story } from "#app/lib/content-types.ts";
import electroHorta from "#content/stories/es/events/electro-horta-festival.json";
import { eventPageData } from "./event-data.server";

const marker = (name: string, uid: string) =>
  `<!--#storyblok#${JSON.stringify({ name, space: "287416", uid, id: "5005" })}-->`;

/** The event as the CDN sends its draft to the Visual Editor: the story and each artist hit carry their marker. */
function draft(): Story {
  const { content } = electroHorta.story;
  return {
    ...electroHorta.story,
    content: {
      ...content,
      _editable: marker("event", content._uid),
      artist_hits: content.artist_hits.map((hit) => ({ ...hit, _editable: marker("artist_hit", hit._uid) })),
    },
  } as Story;
}

const now = new Date("2026-11-01T10:00:00Z");
const app = { lang: "es", origin: "https://arena.example" } as const;

describe("the event page's click-to-edit markers", () => {
  it("open the event, and each artist hit itself, in a verified preview", () => {
    const page = eventPageData({ ...app, preview: true }, toEventRecord(draft())!, now);
    expect(JSON.parse(page.editable?.["data-blok-c"] ?? "{}")).toMatchObject({ name: "event", id: "5005" });
    const hits = electroHorta.story.content.artist_hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(page.event.hits.map((hit) => hit.editable?.["data-blok-uid"])).toEqual(
      hits.map((hit) => `5005-${hit._uid}`),
    );
  });

  it("leave no trace in a public page's data, even from a story that carried them", () => {
    const page = eventPageData({ ...app, preview: false }, toEventRecord(draft())!, now);
    expect(JSON.stringify(page)).not.toMatch(/editable|data-blok|storyblok#/);
  });
});
