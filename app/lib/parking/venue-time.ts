import { toInstant, VENUE_TIME_ZONE, type LocalDateTime } from "#app/lib/events/dates.ts";

/** Visitors type arrival and departure as wall-clock times at the arena. */
export const PARKING_TIME_ZONE = VENUE_TIME_ZONE;

/** A wall-clock date and time as a `datetime-local` input gives it, without a zone. */
export type WallTime = LocalDateTime;

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

/**
 * The instant (epoch milliseconds) a wall-clock time happens at the arena, so a stay across a
 * daylight-saving change is charged for the time really parked (see `toInstant` for the skipped
 * and the repeated hour).
 */
export function wallTimeToInstant(wall: WallTime, timeZone = PARKING_TIME_ZONE): number {
  return toInstant(wall, timeZone).getTime();
}
