import { describe, expect, it } from "vitest";
import {
  CHUNK_RELOAD_GUARD_MS,
  isChunkLoadError,
  rememberIntendedNavigation,
  reloadForChunkError,
  takeIntendedNavigation,
} from "./chunk-reload";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
  };
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

  it("never reloads offline: the page, and what its forms hold, stays", () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(reloadForChunkError(storage, () => void (reloads += 1), 1_000_000, false)).toBe(false);
    expect(reloads).toBe(0);
    // Back online, the first failure reloads: the offline one did not use up the guard.
    expect(reloadForChunkError(storage, () => void (reloads += 1), 1_000_001, true)).toBe(true);
  });
});

describe("continuing to the link a reload interrupted", () => {
  const here = "https://arena.test/es/";
  const there = "https://arena.test/es/events/?page=2";

  it("continues, once, to the link clicked on this page just before it reloaded", () => {
    const storage = memoryStorage();
    rememberIntendedNavigation(storage, here, there, 1_000);
    expect(takeIntendedNavigation(storage, here, 1_500)).toBe(there);
    expect(takeIntendedNavigation(storage, here, 1_600)).toBeNull();
  });

  it("stays on a page other than the one that unloaded, or after the guard's time", () => {
    const storage = memoryStorage();
    rememberIntendedNavigation(storage, here, there, 1_000);
    expect(takeIntendedNavigation(storage, "https://arena.test/en/", 1_500)).toBeNull();
    rememberIntendedNavigation(storage, here, there, 1_000);
    expect(takeIntendedNavigation(storage, here, 1_000 + CHUNK_RELOAD_GUARD_MS)).toBeNull();
  });

  it("never leaves the site, and ignores a record it did not write", () => {
    const storage = memoryStorage();
    rememberIntendedNavigation(storage, here, "https://elsewhere.test/", 1_000);
    expect(takeIntendedNavigation(storage, here, 1_100)).toBeNull();
    for (const raw of ["{", "1000", `1000 ${here}`, `soon ${here} ${there}`, `1000 ${here} ${there} extra`]) {
      storage.setItem("chunk-reload-intended", raw);
      expect(takeIntendedNavigation(storage, here, 1_100)).toBeNull();
    }
  });
});
