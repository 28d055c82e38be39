import { describe, expect, it } from "vitest";
import { filtersQuery, matchesSearch, parseEventFilters } from "./filters";

const parse = (query: string) => parseEventFilters(new URLSearchParams(query));

describe("event list filters", () => {
  it("reads every filter from the URL", () => {
    expect(parse("category=comedy&month=2026-12&search=%20Pep%20%20Soler%20&page=2")).toEqual({
      category: "comedy",
      month: "2026-12",
      search: "Pep Soler",
      page: 2,
    });
  });

  it.each(["category=opera", "month=2026-13", "month=soon", "page=0", "page=-3", "page=abc", "page=1.5", "page=1e9"])(
    "falls back to the unfiltered value for %s",
    (query) => {
      expect(parse(query)).toEqual({ category: null, month: null, search: "", page: 1 });
    },
  );

  it("writes back only what is set, page only past the first", () => {
    expect(filtersQuery({ category: null, month: null, search: "", page: 1 })).toBe("");
    expect(filtersQuery({ category: "family", month: "2027-01", search: "circ", page: 3 })).toBe(
      "?category=family&month=2027-01&search=circ&page=3",
    );
  });

  it("matches every word, ignoring case and accents", () => {
    expect(matchesSearch("valencia taronja", ["València Taronja – Madrid Capital"])).toBe(true);
    expect(matchesSearch("CIRCO estrellas", ["El Circo de las Estrellas"])).toBe(true);
    expect(matchesSearch("circo madrid", ["El Circo de las Estrellas"])).toBe(false);
    expect(matchesSearch("", ["anything"])).toBe(true);
  });
});
