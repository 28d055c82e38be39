import { describe, expect, it } from "vitest";
import { storyMessages } from "./messages.server";

describe("the messages of a story's blocks (bloks/messages.server.ts)", () => {
  it("a story is sent the messages of the blocks it holds, rich-text embeds included", () => {
    const story = {
      component: "page",
      _uid: "p",
      body: [
        { component: "breadcrumbs", _uid: "b" },
        {
          component: "text",
          _uid: "t",
          text: {
            type: "doc",
            content: [{ type: "blok", attrs: { body: [{ component: "iframe_embed", _uid: "i" }] } }],
          },
        },
      ],
    };
    expect(storyMessages(story, false).sort()).toEqual([
      "PAGES.BREADCRUMBS",
      "PAGES.EMBED_BLOCKED",
      "PAGES.EMBED_OPEN",
    ]);
  });

  it("an unknown or inherited kind adds nothing; a preview gets every block's and the preview markers", () => {
    expect(
      storyMessages({ component: "constructor", _uid: "x", body: [{ component: "toString", _uid: "y" }] }, false),
    ).toEqual([]);
    const preview = storyMessages({ component: "page", _uid: "p" }, true);
    expect(preview).toEqual(
      expect.arrayContaining(["BLOKS", "CONTENT.PREVIEW_LABEL", "VENUE.PARKING", "INTERESTED_IN"]),
    );
  });
});
