import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadForChunkError } from "./chunk-reload";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe("chunk reload guard", () => {
  it("recognises the browsers' failed dynamic import errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reloads at most once per 10 seconds", () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => void (reloads += 1);
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(reloadForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reloadForChunkError(storage, reload, 1_000_000 + 9_999)).toBe(false);
    expect(reloadForChunkError(storage, reload, 1_000_000 + 10_000)).toBe(true);
    expect(reloads).toBe(2);
  });
});
