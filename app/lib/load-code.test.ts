import { describe, expect, it } from "vitest";
import { loadCode, type RetryAfter } from "./load-code";

const networkFailure = () =>
  new TypeError("Failed to fetch dynamically imported module: https://arena.test/assets/part.js");

/** A wait that records the pauses asked for. */
function network() {
  const pauses: number[] = [];
  const stand: RetryAfter = async (pauseMs) => void pauses.push(pauseMs);
  return { stand, pauses };
}

/** A load that fails `failures` times as `error` makes it fail, then succeeds. */
function failingLoad(failures: number, error: () => Error) {
  let calls = 0;
  const load = async () => {
    calls += 1;
    if (calls <= failures) throw error();
    return "the part";
  };
  return { load, calls: () => calls };
}

describe("loadCode", () => {
  it("loads again after the network failed it, however the browser rated the connection", async () => {
    const { stand, pauses } = network();
    const { load, calls } = failingLoad(3, networkFailure);
    await expect(loadCode(load, stand)).resolves.toBe("the part");
    expect(calls()).toBe(4);
    // The pauses grow while the code does not come.
    expect(pauses).toEqual([1000, 2000, 4000]);
  });

  it("pauses 30 s at most between two attempts", async () => {
    const { stand, pauses } = network();
    const { load } = failingLoad(7, networkFailure);
    await loadCode(load, stand);
    expect(pauses.at(-1)).toBe(30_000);
    expect(Math.max(...pauses)).toBe(30_000);
  });

  it("fails at once for an error that is not a load (a bug in the code itself)", async () => {
    const { stand, pauses } = network();
    const { load, calls } = failingLoad(1, () => new TypeError("Cannot read properties of undefined"));
    await expect(loadCode(load, stand)).rejects.toThrow(/Cannot read properties/);
    expect(calls()).toBe(1);
    expect(pauses).toEqual([]);
  });
});
