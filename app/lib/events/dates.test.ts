import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMinutes,
  LocalDateTimeSchema,
  localAt,
  offsetMinutesAt,
  parseLocal,
  toInstant,
  toIsoWithOffset,
} from "./dates";

const local = (value: string) => {
  const parsed = parseLocal(value);
  if (!parsed) throw new Error(`bad test date ${value}`);
  return parsed;
};

describe("venue dates", () => {
  it("accepts Storyblok's date format and rejects impossible dates", () => {
    expect(v.is(LocalDateTimeSchema, "2026-12-05 21:00")).toBe(true);
    expect(v.is(LocalDateTimeSchema, "2026-12-05T21:00:00")).toBe(true);
    expect(v.is(LocalDateTimeSchema, "2026-02-30 21:00")).toBe(false);
    expect(v.is(LocalDateTimeSchema, "2026-12-05 25:00")).toBe(false);
    expect(v.is(LocalDateTimeSchema, "next friday")).toBe(false);
  });

  it("reads wall-clock times in Madrid with the offset of their season", () => {
    expect(toIsoWithOffset(local("2026-12-05 21:00"))).toBe("2026-12-05T21:00:00+01:00");
    expect(toIsoWithOffset(local("2027-07-10 22:30"))).toBe("2027-07-10T22:30:00+02:00");
    expect(toInstant(local("2026-12-05 21:00")).toISOString()).toBe("2026-12-05T20:00:00.000Z");
    expect(toInstant(local("2027-07-10 22:30")).toISOString()).toBe("2027-07-10T20:30:00.000Z");
  });

  it("handles the days the clocks change", () => {
    // 28 March 2027: 02:00 → 03:00; 31 October 2027: 03:00 → 02:00.
    expect(offsetMinutesAt(new Date("2027-03-28T00:30:00Z"))).toBe(60);
    expect(offsetMinutesAt(new Date("2027-03-28T01:30:00Z"))).toBe(120);
    expect(toIsoWithOffset(local("2027-03-28 12:00"))).toBe("2027-03-28T12:00:00+02:00");
    expect(toInstant(local("2027-10-31 02:30")).toISOString()).toBe("2027-10-31T00:30:00.000Z");
    expect(toInstant(local("2027-03-28 02:30")).toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(localAt(new Date("2027-10-31T01:30:00Z"))).toMatchObject({ hour: 2, minute: 30 });
  });

  it("moves dates by calendar days and minutes across months and midnight", () => {
    expect(addDays(local("2026-12-28 21:00"), 7)).toEqual(local("2027-01-04 21:00"));
    expect(addDays(local("2027-03-01 10:00"), -1)).toEqual(local("2027-02-28 10:00"));
    expect(addMinutes(local("2026-12-31 22:30"), 150)).toEqual(local("2027-01-01 01:00"));
  });
});
