import { HTML_LANG, type Lang } from "#app/lib/languages.ts";
import type { LocalDateTime } from "./dates";

const pad = (n: number) => String(n).padStart(2, "0");

/** Intl formatters are costly to build and a list formats dozens of dates: one per language and style. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const priceFormats = new Map<string, Intl.NumberFormat>();

function cached<F>(store: Map<string, F>, key: string, build: () => F): F {
  const found = store.get(key);
  if (found) return found;
  const format = build();
  store.set(key, format);
  return format;
}

/** A calendar date as an instant that reads the same day in UTC, so formatting never shifts it. */
function noonUtc(local: Pick<LocalDateTime, "year" | "month" | "day">): Date {
  return new Date(Date.UTC(local.year, local.month - 1, local.day, 12));
}

/**
 * The day of an event in words ("sábado, 5 de diciembre de 2026"). Formatted on the server and
 * sent as text, so server and browser never disagree about locale data during hydration.
 */
export function formatDay(local: LocalDateTime, lang: Lang, style: "long" | "short" = "long"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }
      : { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" };
  return cached(dateFormats, `day:${lang}:${style}`, () => new Intl.DateTimeFormat(HTML_LANG[lang], options)).format(
    noonUtc(local),
  );
}

/** The venue's 24-hour clock time, as printed on tickets: `21:00`. */
export function formatTime(local: LocalDateTime): string {
  return `${pad(local.hour)}:${pad(local.minute)}`;
}

/** Month labels already written, per language and key: an event list labels every month on each request. */
const monthLabels = new Map<string, string>();
const MONTH_LABELS_KEPT = 1_000;

/** A month filter's label ("diciembre de 2026"), from its `YYYY-MM` key. */
export function formatMonth(key: string, lang: Lang): string {
  const known = monthLabels.get(`${lang}|${key}`);
  if (known !== undefined) return known;
  if (monthLabels.size >= MONTH_LABELS_KEPT) monthLabels.clear();
  const label = monthLabel(key, lang);
  monthLabels.set(`${lang}|${key}`, label);
  return label;
}

function monthLabel(key: string, lang: Lang): string {
  const [year = 0, month = 1] = key.split("-").map(Number);
  const label = cached(
    dateFormats,
    `month:${lang}`,
    () => new Intl.DateTimeFormat(HTML_LANG[lang], { month: "long", year: "numeric", timeZone: "UTC" }),
  ).format(noonUtc({ year, month, day: 15 }));
  return label.charAt(0).toLocaleUpperCase(HTML_LANG[lang]) + label.slice(1);
}

/** A price in euros in the page's language ("35 €", "€35.00"). */
export function formatPrice(amount: number, lang: Lang): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  return cached(
    priceFormats,
    `price:${lang}:${fraction}`,
    () =>
      new Intl.NumberFormat(HTML_LANG[lang], { style: "currency", currency: "EUR", minimumFractionDigits: fraction }),
  ).format(amount);
}
