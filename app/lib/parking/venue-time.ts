/** The arena's time zone: visitors type arrival and departure as wall-clock times here. */
export const PARKING_TIME_ZONE = "Europe/Madrid";

/** A wall-clock date and time as a `datetime-local` input gives it, without a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The value of a `datetime-local` input: `YYYY-MM-DDTHH:mm`, seconds allowed and ignored. */
const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

/** Parses a `datetime-local` value; null when it is malformed or not a real date and time. */
export function parseWallTime(value: string): WallTime | null {
  const match = DATETIME_LOCAL.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  const realDate =
    year >= 1970 && probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return realDate && hour < 24 && minute < 60 ? { year, month, day, hour, minute } : null;
}

function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
}

/** How many milliseconds `timeZone` is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(instant));
  const read = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = {
    year: read("year"),
    month: read("month"),
    day: read("day"),
    hour: read("hour"),
    minute: read("minute"),
  };
  return wallAsUtc(wall) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant (epoch milliseconds) a wall-clock time happens in `timeZone`, so a stay across a
 * daylight-saving change is charged for the time really parked. A time in the hour skipped in
 * spring is read with the offset before the change; in the repeated autumn hour, the first one.
 */
export function wallTimeToInstant(wall: WallTime, timeZone = PARKING_TIME_ZONE): number {
  const guess = wallAsUtc(wall);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return Math.min(first, second);
}
