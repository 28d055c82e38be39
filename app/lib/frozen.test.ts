import { describe, expect, it } from "vitest";
import { assertJsonSafe, freeze, freezeNow, thaw, type Frozen } from "./frozen";

describe("frozen loader data", () => {
  it("is the value's JSON, written once per object", () => {
    const value = { title: "Hola", list: [1, 2, { deep: null }] };
    const frozen = freeze(value);
    expect(JSON.parse(frozen)).toEqual(value);
    // The same string object each time: turbo-stream and Map lookups see one value.
    expect(freeze(value)).toBe(frozen);
  });

  it("thaws to the very object frozen where it was made (no parse while rendering)", () => {
    const value = { menu: ["a", "b"] };
    expect(thaw(freeze(value))).toBe(value);
  });

  it("parses a string that arrived from elsewhere once, and hands out the same object after", () => {
    const arrived = JSON.stringify({ arrived: ["in", "the", "browser"], at: Math.random() }) as Frozen<{
      arrived: string[];
    }>;
    const first = thaw(arrived);
    expect(first.arrived).toEqual(["in", "the", "browser"]);
    expect(thaw(arrived)).toBe(first);
  });

  it("keeps a bounded number of values and still thaws what it let go", () => {
    const early = JSON.stringify({ early: true }) as Frozen<{ early: boolean }>;
    const first = thaw(early);
    for (let i = 0; i < 1500; i += 1) freeze({ i });
    const again = thaw(early);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});

describe("what may be frozen", () => {
  it("takes plain data, leaving out undefined fields as JSON does", () => {
    expect(() => assertJsonSafe({ a: [1, "x", null, { b: true }], skipped: undefined })).not.toThrow();
  });

  it.each([
    ["a date", { when: new Date(0) }, "value.when is not a plain object"],
    ["a map", { index: new Map() }, "value.index is not a plain object"],
    ["a hole in a list", { list: [1, undefined] }, "value.list[1] is undefined"],
    ["a non-finite number", { price: Number.NaN }, "value.price is NaN"],
    ["a promise", { later: Promise.resolve(1) }, "value.later is not a plain object"],
    ["a function", { run: () => 1 }, "value.run is a function"],
  ])("refuses %s, which JSON would change on the way", (_name, value, message) => {
    expect(() => assertJsonSafe(value)).toThrow(message);
    expect(() => freezeNow(value)).toThrow(message);
  });
});
