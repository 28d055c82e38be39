import { describe, expect, it } from "vitest";
import {
  durationParts,
  eurosToMicros,
  priceForMinutes,
  quoteStay,
  stayFromSearch,
  type ParkingRates,
} from "./calculator";
import { parseWallTime, wallTimeToInstant } from "./venue-time";

/** 0.05 € a minute, at most 18 € a day: a full day uncapped would be 72 €. */
const rates: ParkingRates = { perMinuteMicros: 50_000, dailyMaxMicros: 18_000_000 };

function price(arrival: string, departure: string) {
  const quote = quoteStay(arrival, departure, rates);
  if (!quote.ok) throw new Error(`expected a price, got ${quote.error}`);
  return quote.price;
}

describe("the parking price at its boundaries", () => {
  it("costs nothing for zero minutes (a stay the calculator refuses, see below)", () => {
    expect(priceForMinutes(0, rates)).toEqual({
      minutes: 0,
      days: 0,
      remainderMinutes: 0,
      cents: 0,
    });
  });

  it("charges by the minute below the cap", () => {
    expect(price("2026-12-05T20:00", "2026-12-05T20:01").cents).toBe(5);
    expect(price("2026-12-05T20:00", "2026-12-05T23:30").cents).toBe(1050);
  });

  it("caps a part-day at the daily maximum", () => {
    // 6 h 1 min would be 18.05 €.
    expect(price("2026-12-05T08:00", "2026-12-05T14:01").cents).toBe(1800);
  });

  it("charges exactly one day as one daily maximum", () => {
    expect(price("2026-12-05T18:00", "2026-12-06T18:00")).toEqual({
      minutes: 1440,
      days: 1,
      remainderMinutes: 0,
      cents: 1800,
    });
  });

  it("starts a new day after 24 hours: one minute more is charged on top of the cap", () => {
    expect(price("2026-12-05T18:00", "2026-12-06T18:01").cents).toBe(1805);
  });

  it("caps each of two days and charges the rest past them by the minute", () => {
    expect(price("2026-12-05T18:00", "2026-12-07T18:00").cents).toBe(3600);
    expect(price("2026-12-05T18:00", "2026-12-07T18:30")).toEqual({
      minutes: 2910,
      days: 2,
      remainderMinutes: 30,
      cents: 3750,
    });
    // …and the third part-day is capped again.
    expect(price("2026-12-05T18:00", "2026-12-08T17:59").cents).toBe(5400);
  });

  it("prices a stay across the autumn clock change by the time really parked (25 hours)", () => {
    expect(price("2026-10-24T12:00", "2026-10-25T12:00")).toMatchObject({ minutes: 1500, days: 1, cents: 1800 + 300 });
  });

  it("prices a stay across the spring clock change by the time really parked (23 hours)", () => {
    expect(price("2026-03-28T12:00", "2026-03-29T12:00")).toMatchObject({ minutes: 1380, days: 0, cents: 1800 });
  });

  it("adds fractions of a cent exactly and rounds once", () => {
    const cheap = { perMinuteMicros: 35_000, dailyMaxMicros: 15_000_000 };
    expect(priceForMinutes(3, cheap).cents).toBe(11); // 0.105 €
    expect(priceForMinutes(7, cheap).cents).toBe(25); // 0.245 €
  });
});

describe("a stay's length as said", () => {
  const said = (minutes: number) =>
    durationParts(priceForMinutes(minutes, { perMinuteMicros: 50_000, dailyMaxMicros: 18_000_000 }))
      .map(({ unit, n }) => `${n} ${unit}`)
      .join(" ");

  it("leaves out the units that are zero", () => {
    expect(said(5 * 60 + 30)).toBe("5 HOURS 30 MINUTES");
    expect(said(45)).toBe("45 MINUTES");
    expect(said(3 * 60)).toBe("3 HOURS");
    expect(said(24 * 60 + 5)).toBe("1 DAYS 5 MINUTES");
    expect(said(2 * 24 * 60 + 60 + 1)).toBe("2 DAYS 1 HOURS 1 MINUTES");
    expect(said(0)).toBe("0 MINUTES");
  });
});

describe("the parking calculator's input validation", () => {
  it("refuses a departure before the arrival", () => {
    expect(quoteStay("2026-12-05T20:00", "2026-12-05T19:59", rates)).toEqual({
      ok: false,
      error: "DEPARTURE_BEFORE_ARRIVAL",
    });
  });

  it("refuses a departure at the very time of arrival: no stay, not a price of 0,00 €", () => {
    expect(quoteStay("2026-12-05T20:00", "2026-12-05T20:00", rates)).toEqual({
      ok: false,
      error: "DEPARTURE_BEFORE_ARRIVAL",
    });
    expect(quoteStay("2026-12-05T20:00", "2026-12-05T20:01", rates)).toMatchObject({ ok: true });
  });

  it("asks for the missing date", () => {
    expect(quoteStay("", "2026-12-05T19:59", rates)).toEqual({ ok: false, error: "ARRIVAL_MISSING" });
    expect(quoteStay("2026-12-05T19:59", " ", rates)).toEqual({ ok: false, error: "DEPARTURE_MISSING" });
  });

  it.each(["tomorrow", "2026-02-30T10:00", "2026-12-05T24:00", "2026-12-05", "2026-12-05T10:60", "<script>"])(
    "refuses %s as a date and time",
    (value) => {
      expect(quoteStay(value, "2026-12-05T19:59", rates)).toEqual({ ok: false, error: "ARRIVAL_INVALID" });
      expect(quoteStay("2026-12-05T19:59", value, rates)).toEqual({ ok: false, error: "DEPARTURE_INVALID" });
    },
  );

  it("accepts the seconds some browsers add", () => {
    expect(price("2026-12-05T20:00:00", "2026-12-05T20:10:59").minutes).toBe(10);
  });

  it("refuses stays longer than 30 days", () => {
    expect(quoteStay("2026-12-01T00:00", "2026-12-31T00:00", rates).ok).toBe(true);
    expect(quoteStay("2026-12-01T00:00", "2026-12-31T00:01", rates)).toEqual({ ok: false, error: "TOO_LONG" });
  });

  it("reads the stay from the query a GET form sends, and nothing when none was asked for", () => {
    expect(stayFromSearch("?arrival=2026-12-05T20%3A00&departure=2026-12-05T23%3A00")).toEqual({
      arrival: "2026-12-05T20:00",
      departure: "2026-12-05T23:00",
    });
    expect(stayFromSearch("?departure=x")).toEqual({ arrival: "", departure: "x" });
    expect(stayFromSearch("?page=2")).toBeNull();
    expect(stayFromSearch(`?arrival=${"9".repeat(500)}`)?.arrival).toHaveLength(32);
  });
});

describe("amounts and times as they come in", () => {
  it.each([
    ["0.05", 50_000],
    ["0,035", 35_000],
    ["18", 18_000_000],
    [0.05, 50_000],
    [18, 18_000_000],
  ] as const)("reads %j euros", (input, micros) => {
    expect(eurosToMicros(input)).toBe(micros);
  });

  it.each(["", "-1", "abc", "1e3", null, Number.NaN, -0.5])("refuses %j as an amount", (input) => {
    expect(eurosToMicros(input)).toBeNull();
  });

  it("reads a wall-clock time in Madrid as the right instant, winter and summer", () => {
    const winter = parseWallTime("2026-12-05T21:00");
    const summer = parseWallTime("2026-07-05T21:00");
    if (!winter || !summer) throw new Error("unparsed");
    expect(new Date(wallTimeToInstant(winter)).toISOString()).toBe("2026-12-05T20:00:00.000Z");
    expect(new Date(wallTimeToInstant(summer)).toISOString()).toBe("2026-07-05T19:00:00.000Z");
  });
});
