import * as v from "valibot";

/** The arena's time zone: every event time in content is a wall-clock time here. */
export const VENUE_TIME_ZONE = "Europe/Madrid";

/**
 * An event time as editors enter it and Storyblok's date field stores it: `YYYY-MM-DD HH:mm`,
 * read as the venue's local wall-clock time (what is printed on the ticket), never as UTC.
 */
export const LocalDateTimeSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?$/, "date must look like 2026-12-05 21:00"),
  v.check((value) => parseLocal(value) !== null, "date is not a real calendar date"),
);

/** A wall-clock date and time without a zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Parses `YYYY-MM-DD HH:mm`; null when the value is not a real date and time. */
export function parseLocal(value: string): LocalDateTime | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const real =
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day &&
    hour < 24 &&
    minute < 60;
  return real ? { year, month, day, hour, minute } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DD HH:mm`, the content format. */
export function formatLocal(local: LocalDateTime): string {
  return `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)}`;
}

/** The same wall-clock time `days` calendar days later (or earlier), unaffected by DST changes. */
export function addDays(local: LocalDateTime, days: number): LocalDateTime {
  const moved = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { ...local, year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The wall-clock time `minutes` later (an event's end from its start and duration). */
export function addMinutes(local: LocalDateTime, minutes: number): LocalDateTime {
  const total = local.hour * 60 + local.minute + Math.round(minutes);
  const days = Math.floor(total / 1440);
  const rest = total - days * 1440;
  return { ...addDays(local, days), hour: Math.floor(rest / 60), minute: rest % 60 };
}

/** Building an Intl formatter is costly and every event needs several readings: one per zone. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time in `timeZone` at an instant. */
export function localAt(instant: Date, timeZone = VENUE_TIME_ZONE): LocalDateTime {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const read = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: read("year"), month: read("month"), day: read("day"), hour: read("hour"), minute: read("minute") };
}

function asUtcMillis(local: LocalDateTime): number {
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
}

function exactOffsetMinutes(minuteMillis: number, timeZone: string): number {
  return Math.round((asUtcMillis(localAt(new Date(minuteMillis), timeZone)) - minuteMillis) / 60_000);
}

const DAY_MS = 86_400_000;
/** A zone's offsets at the first and last minute of each UTC day asked about (Intl is slow). */
const dayOffsets = new Map<string, { start: number; end: number }>();
const DAY_OFFSETS_LIMIT = 50_000;

/**
 * Minutes `timeZone` is ahead of UTC at an instant (60 for Madrid in winter, 120 in summer).
 * Offsets only change a couple of times a year: a day whose first and last minute agree has that
 * offset throughout, so a catalogue of 10,000 events asks Intl about days, not about every event.
 */
export function offsetMinutesAt(instant: Date, timeZone = VENUE_TIME_ZONE): number {
  const millis = Math.floor(instant.getTime() / 60_000) * 60_000;
  const dayStart = Math.floor(millis / DAY_MS) * DAY_MS;
  const key = `${timeZone}|${dayStart}`;
  let day = dayOffsets.get(key);
  if (!day) {
    day = {
      start: exactOffsetMinutes(dayStart, timeZone),
      end: exactOffsetMinutes(dayStart + DAY_MS - 60_000, timeZone),
    };
    if (dayOffsets.size >= DAY_OFFSETS_LIMIT) dayOffsets.clear();
    dayOffsets.set(key, day);
  }
  return day.start === day.end ? day.start : exactOffsetMinutes(millis, timeZone);
}

/**
 * The instant a venue wall-clock time happens. In the repeated hour when clocks go back it is
 * the first occurrence; in the hour skipped when they go forward, the time read with the offset
 * from before the change.
 */
export function toInstant(local: LocalDateTime, timeZone = VENUE_TIME_ZONE): Date {
  const guess = asUtcMillis(local);
  const day = 86_400_000;
  // The offsets either side of any change on that day: one of them is the right one.
  const before = offsetMinutesAt(new Date(guess - day), timeZone);
  const after = offsetMinutesAt(new Date(guess + day), timeZone);
  // A candidate is right when the zone's offset at that instant is the one it was built with.
  const candidates = [...new Set([before, after])]
    .filter((offset) => offsetMinutesAt(new Date(guess - offset * 60_000), timeZone) === offset)
    .map((offset) => guess - offset * 60_000)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? guess - before * 60_000);
}

/** ISO 8601 with the venue's offset, as schema.org wants it: `2026-12-05T21:00:00+01:00`. */
export function toIsoWithOffset(local: LocalDateTime, timeZone = VENUE_TIME_ZONE): string {
  const offset = offsetMinutesAt(toInstant(local, timeZone), timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The month an event falls in, as used in filter URLs: `2026-12`. */
export function monthKey(local: LocalDateTime): string {
  return `${local.year}-${pad(local.month)}`;
}

/** Whole days from one calendar date to another (both wall-clock, time of day ignored). */
export function daysBetween(from: LocalDateTime, to: LocalDateTime): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );
}
