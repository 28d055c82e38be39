import { parseWallTime, wallTimeToInstant, PARKING_TIME_ZONE } from "./venue-time";

/**
 * The car park's tariff. Amounts are whole micro-euros (1 € = 1 000 000), so a price per minute
 * like 0.035 € adds up exactly; the total is rounded to cents once, at the end.
 */
export interface ParkingRates {
  perMinuteMicros: number;
  dailyMaxMicros: number;
}

export const MINUTES_PER_DAY = 24 * 60;
/** Longer stays are arranged with the venue (monthly passes), not priced by the calculator. */
export const MAX_STAY_DAYS = 30;

/** Why a stay cannot be priced; each has a message under `VENUE.PARKING.ERROR` in locales/. */
export type ParkingError =
  | "ARRIVAL_MISSING"
  | "DEPARTURE_MISSING"
  | "ARRIVAL_INVALID"
  | "DEPARTURE_INVALID"
  | "DEPARTURE_BEFORE_ARRIVAL"
  | "TOO_LONG";

/** A priced stay: how long it lasted, split into whole 24-hour days and the rest, and the total. */
export interface ParkingPrice {
  minutes: number;
  days: number;
  remainderMinutes: number;
  cents: number;
}

/** The units a stay's length is said in, largest first. */
export const DURATION_UNITS = ["DAYS", "HOURS", "MINUTES"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/**
 * A stay's length as the units it has, largest first, leaving out those that are zero ("5 h 30
 * min", not "0 d 5 h 30 min"); a stay of no time at all is "0 min".
 */
export function durationParts(price: ParkingPrice): { unit: DurationUnit; n: number }[] {
  const values = {
    DAYS: price.days,
    HOURS: Math.floor(price.remainderMinutes / 60),
    MINUTES: price.remainderMinutes % 60,
  };
  const parts = DURATION_UNITS.filter((unit) => values[unit] > 0).map((unit) => ({ unit, n: values[unit] }));
  return parts.length > 0 ? parts : [{ unit: "MINUTES", n: 0 }];
}

export type ParkingQuote = { ok: true; price: ParkingPrice } | { ok: false; error: ParkingError };

/**
 * Euros as the CMS holds them (a number field arrives as `"0.05"`, sometimes as a number) in
 * micro-euros; null for anything that is not a non-negative amount with at most 6 decimals.
 */
export function eurosToMicros(value: unknown): number | null {
  const text = typeof value === "number" && Number.isFinite(value) ? value.toFixed(6) : value;
  if (typeof text !== "string") return null;
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,6})\d*)?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? "").padEnd(6, "0"));
}

/**
 * The price of `minutes` parked: every whole 24-hour day costs the minutes' price capped at the
 * daily maximum, and so does the part-day that is left.
 */
export function priceForMinutes(minutes: number, rates: ParkingRates): ParkingPrice {
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const remainderMinutes = minutes % MINUTES_PER_DAY;
  const capped = (m: number) => Math.min(m * rates.perMinuteMicros, rates.dailyMaxMicros);
  const micros = days * capped(MINUTES_PER_DAY) + capped(remainderMinutes);
  return { minutes, days, remainderMinutes, cents: Math.round(micros / 10_000) };
}

/**
 * Prices a stay from two `datetime-local` values (the venue's wall-clock time). Missing,
 * malformed or impossible dates, a departure not after the arrival and stays over
 * {@link MAX_STAY_DAYS} days give an error instead of a price.
 */
export function quoteStay(
  arrival: string,
  departure: string,
  rates: ParkingRates,
  timeZone = PARKING_TIME_ZONE,
): ParkingQuote {
  if (arrival.trim() === "") return { ok: false, error: "ARRIVAL_MISSING" };
  if (departure.trim() === "") return { ok: false, error: "DEPARTURE_MISSING" };
  const from = parseWallTime(arrival);
  if (!from) return { ok: false, error: "ARRIVAL_INVALID" };
  const to = parseWallTime(departure);
  if (!to) return { ok: false, error: "DEPARTURE_INVALID" };
  const minutes = Math.round((wallTimeToInstant(to, timeZone) - wallTimeToInstant(from, timeZone)) / 60_000);
  // "The departure must be after the arrival": the same minute is no stay to price either.
  if (minutes <= 0) return { ok: false, error: "DEPARTURE_BEFORE_ARRIVAL" };
  if (minutes > MAX_STAY_DAYS * MINUTES_PER_DAY) return { ok: false, error: "TOO_LONG" };
  return { ok: true, price: priceForMinutes(minutes, rates) };
}

/** The calculator's query parameters: a GET form submits them, so it works without JavaScript. */
export const PARKING_PARAMS = { arrival: "arrival", departure: "departure" } as const;

/** The stay in a page's query string; null when the visitor has not asked for a price yet. */
export function stayFromSearch(search: string): { arrival: string; departure: string } | null {
  const params = new URLSearchParams(search);
  const arrival = params.get(PARKING_PARAMS.arrival);
  const departure = params.get(PARKING_PARAMS.departure);
  if (arrival === null && departure === null) return null;
  // Bound what is echoed back into the form: a datetime-local value is never longer.
  return { arrival: (arrival ?? "").slice(0, 32), departure: (departure ?? "").slice(0, 32) };
}
