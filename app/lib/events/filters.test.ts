import { describe, expect, it } from "vitest";
import {
  cleanEventFilters,
  filtersQuery,
  foldText,
  matchesWords,
  pageWindow,
  parseEventFilters,
  searchWords,
} from "./filters";

const matchesSearch = (search: string, texts: string[]) => matchesWords(searchWords(search), foldText(texts.join(" ")));

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

  it.each([
    "category=opera",
    "month=2026-13",
    "month=soon",
    "page=0",
    "page=-3",
    "page=abc",
    "page=1.5",
    "page=1e9",
    "page=01",
    "page=99999",
  ])("refuses %s: not a view of the list (the page sends it on)", (query) => {
    expect(parse(query)).toBeNull();
  });

  it("cleans a URL to its nearest view: malformed values left out, the rest kept", () => {
    expect(cleanEventFilters(new URLSearchParams("category=opera&month=2026-12&page=abc&search=circ"))).toEqual({
      category: null,
      month: "2026-12",
      search: "circ",
      page: 1,
    });
    expect(cleanEventFilters(new URLSearchParams("category=comedy&month=soon&page=3"))).toEqual({
      category: "comedy",
      month: null,
      search: "",
      page: 3,
    });
  });

  it("keeps control and direction-override characters out of a search", () => {
    expect(parse("search=abc%E2%80%AEdef")?.search).toBe("abc def");
    expect(parse("search=%00%01Pep%E2%81%A6%0A")?.search).toBe("Pep");
    expect(parse("search=%D8%B3%D9%84%D8%A7%D9%85")?.search).toBe("سلام");
  });

  it("reads empty values as not set", () => {
    expect(parse("category=&month=&page=&search=")).toEqual({ category: null, month: null, search: "", page: 1 });
  });

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

  it("links the first, last and nearby pages, with gaps, however many pages there are", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 1000)).toEqual([1, 2, 3, "gap", 1000]);
    expect(pageWindow(500, 1000)).toEqual([1, "gap", 498, 499, 500, 501, 502, "gap", 1000]);
    expect(pageWindow(1000, 1000)).toEqual([1, "gap", 998, 999, 1000]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
