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

/**
 * Reads `?category=`, `?month=`, `?search=` and `?page=`. Anything malformed (an unknown
 * category, `?month=soon`, `?page=-3`) falls back to the unfiltered value, so a mangled link
 * still shows a sensible list.
 */
export function parseEventFilters(params: URLSearchParams): EventFilters {
  const category = params.get("category");
  const month = params.get("month");
  const page = Number(params.get("page") ?? "1");
  return {
    category: (EVENT_CATEGORIES as readonly string[]).includes(category ?? "") ? (category as EventCategory) : null,
    month: month && MONTH.test(month) ? month : null,
    search: (params.get("search") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
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

/** Whether every word of the search occurs in one of the texts. */
export function matchesSearch(search: string, texts: string[]): boolean {
  if (!search) return true;
  const haystack = foldText(texts.join(" "));
  return foldText(search)
    .split(" ")
    .every((word) => haystack.includes(word));
}
