import { describe, expect, it } from "vitest";
import { parseLocal } from "./dates";
import { eventCalendar, foldLine, icsText } from "./ics";
import { parseIcs } from "./testing";

const start = parseLocal("2026-12-05 21:00");
const end = parseLocal("2026-12-05 23:30");

describe("iCalendar", () => {
  it("escapes text values", () => {
    expect(icsText("Rock, pop; and\nmore \\ so")).toBe("Rock\\, pop\\; and\\nmore \\\\ so");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"àéí".repeat(40)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("writes a calendar that parses, with UID, DTSTAMP and UTC times", () => {
    if (!start || !end) throw new Error("bad dates");
    const text = eventCalendar(
      {
        uid: "abc@arena.test",
        summary: "Marea Alta: Gira Mediterrània, en directe",
        description: `${"Una nit llarga de música. ".repeat(8)}\n\nhttps://arena.test/val/event/x/`,
        location: "Arena Valencia (Pista central), Avinguda de les Arts 1, 46013 València",
        start,
        end,
        url: "https://arena.test/val/event/x/",
        language: "val",
      },
      new Date("2026-11-22T09:15:30.123Z"),
    );
    const lines = parseIcs(text);
    const value = (name: string) => lines.find((line) => line.name === name)?.value;
    expect(lines[0]).toEqual({ name: "BEGIN", params: "", value: "VCALENDAR" });
    expect(lines.at(-1)).toEqual({ name: "END", params: "", value: "VCALENDAR" });
    expect(value("VERSION")).toBe("2.0");
    expect(value("PRODID")).toBeTruthy();
    expect(value("UID")).toBe("abc@arena.test");
    expect(value("DTSTAMP")).toBe("20261122T091530Z");
    expect(value("DTSTART")).toBe("20261205T200000Z");
    expect(value("DTEND")).toBe("20261205T223000Z");
    expect(value("SUMMARY")).toBe("Marea Alta: Gira Mediterrània\\, en directe");
    expect(value("DESCRIPTION")).toContain("\\n\\nhttps://arena.test/val/event/x/");
  });
});
