import { describe, expect, it, vi } from "vitest";
import { perKey } from "./per-object";

describe("perKey", () => {
  it("works a value out once per key, and forgets everything once full", () => {
    const compute = vi.fn((key: string) => ({ key }));
    const remember = perKey<{ key: string }>(2);
    const a = remember("a", () => compute("a"));
    expect(remember("a", () => compute("a"))).toBe(a);
    remember("b", () => compute("b"));
    expect(compute).toHaveBeenCalledTimes(2);
    // Full: the third key starts afresh, so "a" is worked out again.
    remember("c", () => compute("c"));
    expect(remember("a", () => compute("a"))).not.toBe(a);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it("does not remember a computation that throws", () => {
    const remember = perKey<number>(10);
    expect(() =>
      remember("x", () => {
        throw new Error("refused");
      }),
    ).toThrow("refused");
    expect(remember("x", () => 1)).toBe(1);
  });
});
