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

/**
 * Reads `?category=`, `?month=`, `?search=` and `?page=`; null when a value is there but is not
 * one the list can show (an unknown category, `?month=soon`, `?page=-3`): such a URL is not a
 * view of the list, and the page answers 404 rather than a copy of another view. An empty value
 * (`?category=`, what a form sends for "all") means "not set".
 */
export function parseEventFilters(params: URLSearchParams): EventFilters | null {
  const category = params.get("category") || null;
  const month = params.get("month") || null;
  const pageText = params.get("page") || "1";
  const page = /^[1-9]\d{0,3}$/.test(pageText) ? Number(pageText) : null;
  if ((category !== null && !isCategory(category)) || (month !== null && !MONTH.test(month)) || page === null)
    return null;
  return {
    category,
    month,
    search: (params.get("search") ?? "")
      // Control and bidirectional-override characters are never part of a search; left in, a
      // right-to-left override would turn the rest of "Results for …" around on the page.
      .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH),
    page,
  };
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
