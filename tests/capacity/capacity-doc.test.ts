import { describe, expect, it } from "vitest";
import doc from "/docs/capacity.md?raw";
import { countsTable, loadTable, withTables } from "#scripts/capacity-model.mjs";
import counts from "./counts.json";

/*
 * docs/capacity.md shows the tables `npm run capacity` computes from the measured counts: when
 * tests/capacity/counts.json changes (capacity.test.ts fails until it does), this fails until the
 * page is rewritten (`npm run capacity -- --write`).
 */

/** A markdown table's rows as trimmed cells, the separator row left out (Prettier only pads cells). */
const rows = (markdown: string) =>
  markdown
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|[\s:|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );

/** What lies between `<!-- capacity:<name> -->` and its closing marker ("" when either is missing). */
function section(text: string, name: string): string {
  const open = `<!-- capacity:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(`<!-- /capacity:${name} -->`, start);
  return start < 0 || end < 0 ? "" : text.slice(start + open.length, end);
}

describe("docs/capacity.md", () => {
  it.each([
    ["counts", countsTable],
    ["load", loadTable],
  ] as const)("shows the %s table as the measured counts give it", (name, table) => {
    const expected = rows(table(counts));
    expect(expected.length).toBeGreaterThan(2);
    expect(rows(section(doc, name))).toEqual(expected);
  });

  it("puts a table between its markers whether they hold one already or none", () => {
    const empty = "a\n<!-- capacity:counts -->\n<!-- /capacity:counts -->\nb\n";
    const once = withTables(empty, { counts: "| x |\n| --- |\n| 1 |" });
    expect(once).toBe("a\n<!-- capacity:counts -->\n| x |\n| --- |\n| 1 |\n<!-- /capacity:counts -->\nb\n");
    expect(withTables(once, { counts: "| y |" })).toBe(
      "a\n<!-- capacity:counts -->\n| y |\n<!-- /capacity:counts -->\nb\n",
    );
    expect(() => withTables("no markers", { counts: "| x |" })).toThrow(/capacity:counts/);
  });
});
