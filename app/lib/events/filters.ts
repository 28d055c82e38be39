import { EVENT_CATEGORIES, type EventCategory } from "./categories";

/** Events shown per page of the event list when the block does not say. */
export const DEFAULT_EVENTS_PER_PAGE = 9;
/** Longest search accepted; the rest of a pasted essay is ignored. */
const MAX_SEARCH_LENGTH = 80;

/** The event list's state, all of it in the URL so every view is a shareable link. */
export interface EventFilters {
  category: EventCategory | null;
  /** `YYYY-MM`. */
  month: string | null;
  search: string;
  page: number;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function isCategory(value: string): value is EventCategory {
  return (EVENT_CATEGORIES as readonly string[]).includes(value);
}

const PAGE = /^[1-9]\d{0,3}$/;

/** The filters a URL asks for, with a malformed value left out, and whether one was. */
function readEventFilters(params: URLSearchParams): { filters: EventFilters; malformed: boolean } {
  const categoryText = params.get("category") || null;
  const monthText = params.get("month") || null;
  const pageText = params.get("page") || "1";
  const category = categoryText !== null && isCategory(categoryText) ? categoryText : null;
  const month = monthText !== null && MONTH.test(monthText) ? monthText : null;
  const page = PAGE.test(pageText) ? Number(pageText) : null;
  return {
    filters: {
      category,
      month,
      search: (params.get("search") ?? "")
        // Control and bidirectional-override characters are never part of a search; left in, a
        // right-to-left override would turn the rest of "Results for …" around on the page.
        .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, MAX_SEARCH_LENGTH)
        // A cut can end on a space, which a search never does.
        .trimEnd(),
      page: page ?? 1,
    },
    malformed: category !== categoryText || month !== monthText || page === null,
  };
}

/**
 * Reads `?category=`, `?month=`, `?search=` and `?page=`; null when a value is there but is not
 * one the list can show (an unknown category, `?month=soon`, `?page=-3`): such a URL is not a
 * view of the list (the page sends it on to `cleanEventFilters`'s view). An empty value
 * (`?category=`, what a form sends for "all") means "not set". A search is never refused: it is
 * the visitor's words, cut to 80 characters.
 */
export function parseEventFilters(params: URLSearchParams): EventFilters | null {
  const { filters, malformed } = readEventFilters(params);
  return malformed ? null : filters;
}

/** The nearest view of the list to a URL: its filters with every malformed value left out. */
export function cleanEventFilters(params: URLSearchParams): EventFilters {
  return readEventFilters(params).filters;
}

/** The query string of a list view: only the filters that are set, `page` only past the first. */
export function filtersQuery(filters: EventFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.month) params.set("month", filters.month);
  if (filters.search) params.set("search", filters.search);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Lowercase without accents, so "Concierto" finds "CONCIERTÓ" and "valencia" finds "València". */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The folded words of a search; none for an empty one. */
export function searchWords(search: string): string[] {
  return search ? foldText(search).split(" ") : [];
}

/** Whether every word occurs in the (folded) text. */
export function matchesWords(words: string[], foldedText: string): boolean {
  return words.every((word) => foldedText.includes(word));
}

/** How many page links sit either side of the current page. */
const PAGE_NEIGHBOURS = 2;

/**
 * The page links of a list: the first, the last, and the current page with its neighbours, with
 * a gap where pages are left out, so 1,000 pages cost a handful of links, not a thousand.
 */
export function pageWindow(current: number, count: number): (number | "gap")[] {
  const shown = new Set([1, count]);
  for (let page = current - PAGE_NEIGHBOURS; page <= current + PAGE_NEIGHBOURS; page += 1) {
    if (page >= 1 && page <= count) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  return pages.flatMap((page, index) =>
    index > 0 && page - (pages[index - 1] ?? 0) > 1 ? ["gap" as const, page] : [page],
  );
}
