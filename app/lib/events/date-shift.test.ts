import { describe, expect, it } from "vitest";
import type { Story } from "#app/lib/content-types.ts";
import { createDateShifter, shiftDays, shiftEventStory } from "./date-shift";

function story(content: Record<string, unknown>): Story {
  return {
    id: 1,
    uuid: "u1",
    name: "x",
    slug: "x",
    full_slug: "events/x",
    lang: "default",
    content: { component: "event", _uid: "e1", ...content },
  };
}

describe("embedded event dates", () => {
  it("moves by whole weeks so the anchor lands in the last seven days", () => {
    expect(shiftDays("2026-11-22", new Date("2026-11-22T10:00:00Z"))).toBe(0);
    expect(shiftDays("2026-11-22", new Date("2026-11-28T10:00:00Z"))).toBe(0);
    expect(shiftDays("2026-11-22", new Date("2026-11-29T10:00:00Z"))).toBe(7);
    expect(shiftDays("2026-11-22", new Date("2027-06-01T10:00:00Z"))).toBe(189);
    // Before the anchor (a clock set back): move back, same rule.
    expect(shiftDays("2026-11-22", new Date("2026-11-20T10:00:00Z"))).toBe(-7);
  });

  it("uses the venue's date, not UTC's, around midnight", () => {
    // 23:30 UTC on Saturday 28 November is already Sunday 29 November in Madrid.
    expect(shiftDays("2026-11-22", new Date("2026-11-28T23:30:00Z"))).toBe(7);
  });

  it("keeps the wall-clock time and weekday of events across a DST change", () => {
    const moved = shiftEventStory(story({ date: "2026-12-05 21:00", doors_open: "2026-12-05 19:30" }), 182);
    expect(moved.content.date).toBe("2027-06-05 21:00");
    expect(moved.content.doors_open).toBe("2027-06-05 19:30");
    expect(new Date(Date.UTC(2027, 5, 5)).getUTCDay()).toBe(new Date(Date.UTC(2026, 11, 5)).getUTCDay());
  });

  it("leaves other stories and malformed dates alone", () => {
    const page = { ...story({}), content: { component: "page", _uid: "p", date: "2026-12-05 21:00" } };
    expect(shiftEventStory(page, 7)).toBe(page);
    expect(shiftEventStory(story({ date: "soon" }), 7).content.date).toBe("soon");
  });

  it("reads the clock on every call", () => {
    let now = new Date("2026-11-23T10:00:00Z");
    const shift = createDateShifter({ anchor: "2026-11-22" }, () => now);
    const original = story({ date: "2026-12-05 21:00" });
    expect(shift(original).content.date).toBe("2026-12-05 21:00");
    now = new Date("2026-12-01T10:00:00Z");
    expect(shift(original).content.date).toBe("2026-12-12 21:00");
    expect(original.content.date).toBe("2026-12-05 21:00");
  });

  it("refuses an anchor file that is not a date", () => {
    expect(() => createDateShifter({ anchor: "last week" })).toThrow();
  });
});
