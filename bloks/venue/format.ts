import { HTML_LANG, type Lang } from "#app/lib/languages.ts";

/**
 * An amount in euros for the page's language (`0,05 €`, `€0.05`). Prices per minute keep the
 * decimals the tariff has (0.035 €), totals always show cents.
 */
export function formatEuros(micros: number, lang: Lang): string {
  return new Intl.NumberFormat(HTML_LANG[lang], {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(micros / 1_000_000);
}

/** A calendar date from content (`2027-01-31`, Storyblok's `2027-01-31 00:00`) in words. */
export function formatDate(isoDate: string, lang: Lang): string {
  const [year = 0, month = 1, day = 1] = isoDate.slice(0, 10).split("-").map(Number);
  // Noon UTC and a UTC formatter: the printed day is the one written, whatever the server's zone.
  return new Intl.DateTimeFormat(HTML_LANG[lang], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  );
}

/** A telephone number as a `tel:` link target: digits and a leading plus only. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}
