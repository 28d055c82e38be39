import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#app/lib/languages.ts";

// The embedded content says the same venue facts in several places (the footer on every page,
// getting here, parking, the legal notice, the home notice, each event's door time). A visitor
// who reads two of them must not find two answers: the venue's address, the car park's hours and
// the door times are checked across every page of each language.

const stories = import.meta.glob<unknown>("../../content/stories/*/**/*.json", { eager: true, import: "default" });

/** Every string in a story (rich text included), joined: what a visitor can read on it. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textOf).join("\n");
  if (value && typeof value === "object") return Object.values(value).map(textOf).join("\n");
  return "";
}

function storiesOf(lang: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(stories)
      .filter(([path]) => path.startsWith(`../../content/stories/${lang}/`))
      .map(([path, story]) => [path.replace(`../../content/stories/${lang}/`, ""), story]),
  );
}

const footerAddress = (lang: string) =>
  (storiesOf(lang)["config.json"] as { story: { content: { address: string } } }).story.content.address;

describe.each(LANGUAGES)("the venue's facts agree across the %s content", (lang) => {
  it("one address: the footer's is the one getting here and the legal notice give", () => {
    const address = footerAddress(lang);
    expect(address).toMatch(/46013 València$/);
    for (const page of ["getting-here.json", "legal-notice.json"])
      expect(textOf(storiesOf(lang)[page])).toContain(address);
    // No page names another street as the venue's.
    for (const [path, story] of Object.entries(storiesOf(lang)))
      expect(textOf(story), path).not.toMatch(/López Piñero/);
  });

  it("one car park timetable: nowhere says it opens only before events", () => {
    for (const [path, story] of Object.entries(storiesOf(lang)))
      expect(textOf(story), path).not.toMatch(
        /opens two hours before every event|abre dos horas antes de cada|obri dues hores abans de cada/,
      );
  });

  it("no door time is earlier than the home notice's 'up to 90 minutes before the start'", () => {
    for (const [path, story] of Object.entries(storiesOf(lang))) {
      if (!path.startsWith("events/")) continue;
      const { date, doors_open } = (story as { story: { content: { date: string; doors_open?: string } } }).story
        .content;
      if (!doors_open) continue;
      const minutes = (Date.parse(date.replace(" ", "T")) - Date.parse(doors_open.replace(" ", "T"))) / 60_000;
      expect(minutes, path).toBeGreaterThan(0);
      expect(minutes, path).toBeLessThanOrEqual(90);
    }
  });
});

describe("the venue's name in Spanish", () => {
  it("is masculine everywhere (el / del / al Arena), in the content and the interface", async () => {
    const interfaceText = textOf((await import("#locales/es.json")).default);
    const mixed = [...Object.entries(storiesOf("es")), ["locales/es.json", interfaceText] as const].filter(
      ([, story]) => /\b(?:la|La) Arena\b/.test(typeof story === "string" ? story : textOf(story)),
    );
    expect(mixed.map(([path]) => path)).toEqual([]);
    expect(interfaceText).toMatch(/\bel Arena\b/);
  });
});
