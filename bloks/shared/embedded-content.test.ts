import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#app/lib/languages.ts";
import { localVariant, localVariantWidths } from "#app/lib/image.ts";

// The embedded stories are the demo site and its test bed: every rich-text node and mark the
// content service can send (SPEC section 3) is used somewhere in each language, so a visitor sees
// each one rendered and every page test renders each one; every local responsive image they name
// is published at every width the image builder offers.

const stories = import.meta.glob<unknown>("../../content/stories/*/**/*.json", { eager: true, import: "default" });
const publicImages = new Set(
  Object.keys(import.meta.glob("../../public/images/**/*", { query: "?url", import: "default" })).map((path) =>
    path.replace("../../public", ""),
  ),
);

/** SPEC section 3, "Rich-text nodes" and "Rich-text marks". */
const NODES = [
  "doc",
  "heading",
  "paragraph",
  "blockquote",
  "ordered_list",
  "bullet_list",
  "list_item",
  "code_block",
  "horizontal_rule",
  "hard_break",
  "image",
  "emoji",
  "blok",
  "table",
  "tableRow",
  "tableCell",
  "tableHeader",
  "text",
];
const MARKS = [
  "bold",
  "strong",
  "strike",
  "underline",
  "italic",
  "code",
  "link",
  "anchor",
  "styled",
  "superscript",
  "subscript",
  "textStyle",
  "highlight",
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every value in a JSON tree, depth first. */
function* everyValue(value: unknown): Generator<unknown> {
  yield value;
  if (Array.isArray(value)) for (const item of value) yield* everyValue(item);
  else if (isRecord(value)) for (const item of Object.values(value)) yield* everyValue(item);
}

/** The node types, mark types and heading levels of every rich-text document in a set of stories. */
function richTextUsage(documents: unknown[]) {
  const nodes = new Set<string>();
  const marks = new Set<string>();
  const levels = new Set<number>();
  const visit = (node: unknown) => {
    if (!isRecord(node) || typeof node.type !== "string") return;
    nodes.add(node.type);
    if (node.type === "heading" && isRecord(node.attrs) && typeof node.attrs.level === "number")
      levels.add(node.attrs.level);
    if (Array.isArray(node.marks)) for (const mark of node.marks) if (isRecord(mark)) marks.add(String(mark.type));
    if (Array.isArray(node.content)) node.content.forEach(visit);
    // A `blok` node's blocks may hold rich text of their own; `everyValue` finds those documents.
  };
  for (const story of documents)
    for (const value of everyValue(story)) if (isRecord(value) && value.type === "doc") visit(value);
  return { nodes, marks, levels };
}

function storiesOf(lang: string): unknown[] {
  return Object.entries(stories)
    .filter(([path]) => path.startsWith(`../../content/stories/${lang}/`))
    .map(([, story]) => story);
}

describe("embedded content", () => {
  it.each(LANGUAGES)("%s uses every rich-text node, mark and heading level 1 to 4", (lang) => {
    const usage = richTextUsage(storiesOf(lang));
    expect(NODES.filter((type) => !usage.nodes.has(type))).toEqual([]);
    expect(MARKS.filter((type) => !usage.marks.has(type))).toEqual([]);
    expect([1, 2, 3, 4].filter((level) => !usage.levels.has(level))).toEqual([]);
  });

  it("the coverage check notices a missing node or mark", () => {
    const usage = richTextUsage([{ type: "doc", content: [{ type: "paragraph", content: [{ type: "text" }] }] }]);
    expect(NODES.filter((type) => !usage.nodes.has(type))).toContain("table");
    expect(MARKS.filter((type) => !usage.marks.has(type))).toHaveLength(MARKS.length);
  });

  it("publishes every width of every local responsive image the stories name", () => {
    const named = new Set<string>();
    for (const story of Object.values(stories))
      for (const value of everyValue(story))
        if (typeof value === "string" && localVariant(value, 1) !== null) named.add(value);
    expect(named.size).toBeGreaterThan(0);
    const missing = [...named].flatMap((src) => {
      const width = Number(/-(\d+)x\d+\.webp$/.exec(src)?.[1]);
      return localVariantWidths(width)
        .map((w) => localVariant(src, w) ?? "")
        .filter((file) => !publicImages.has(file));
    });
    expect(missing).toEqual([]);
  });
});

const seed =
  Object.values(
    import.meta.glob<string>("../../scripts/seed.sql", { eager: true, query: "?raw", import: "default" }),
  )[0] ?? "";

describe("demo member's tickets (scripts/seed.sql)", () => {
  /** Each seeded ticket: its event's slug and the start day written in the seed. */
  const tickets = [
    ...seed.matchAll(
      /'(DEMO-\d+)'(?: AS id)?, '([a-z0-9-]+)'(?: AS slug)?, '[^']+'(?: AS name)?,\s*'(\d{4}-\d\d-\d\d) /g,
    ),
  ].map(([, id, slug, day]) => ({ id, slug, day }));

  it("are for embedded events that exist in every language, on the event's day", () => {
    expect(tickets.length).toBeGreaterThanOrEqual(4);
    for (const lang of LANGUAGES) {
      for (const { slug, day } of tickets) {
        const story = stories[`../../content/stories/${lang}/events/${slug}.json`];
        expect(story, `${lang}/events/${slug}`).toBeDefined();
        const date = [...everyValue(story)].find((value) => isRecord(value) && value.component === "event");
        expect(isRecord(date) && String(date.date).slice(0, 10)).toBe(day);
      }
    }
  });
});
