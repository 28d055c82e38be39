import { describe, expect, it } from "vitest";
import { dictionary, hasOwnKey, ownValue } from "./own-keys";

const LABELS: Record<string, string> = { name: "Name" };
const PROTOTYPE_NAMES = ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf"];

describe("own-property lookups", () => {
  it("never see inherited members", () => {
    for (const key of PROTOTYPE_NAMES) {
      expect(hasOwnKey(LABELS, key)).toBe(false);
      expect(ownValue(LABELS, key)).toBeUndefined();
    }
    expect(hasOwnKey(LABELS, "name")).toBe(true);
    expect(ownValue(LABELS, "name")).toBe("Name");
  });

  it("a dictionary keeps every name, __proto__ included, as an ordinary key", () => {
    const fields = dictionary<string[]>();
    for (const key of PROTOTYPE_NAMES) (fields[key] ??= []).push(key);
    expect(Object.keys(fields).sort()).toEqual([...PROTOTYPE_NAMES].sort());
    expect(JSON.parse(JSON.stringify(fields))).toHaveProperty(["__proto__"], ["__proto__"]);
  });
});
