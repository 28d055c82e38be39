import { afterEach, describe, expect, it, vi } from "vitest";
import { BUILD_ID, VERSION_PATH } from "./build-id";
import {
  CHUNK_RELOAD_GUARD_MS,
  isChunkLoadError,
  isFromOldBuild,
  rememberIntendedNavigation,
  reloadForChunkError,
  reloadWhenOldBuildCodeFails,
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

  const oldBuild = async () => true;

  it("reloads at most once per 10 seconds", async () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => void (reloads += 1);
    const at = (now: number) => ({ fromOldBuild: oldBuild, now: () => now });
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(await reloadForChunkError(storage, reload, at(1_000_000))).toBe(true);
    expect(await reloadForChunkError(storage, reload, at(1_000_000 + 9_999))).toBe(false);
    expect(await reloadForChunkError(storage, reload, at(1_000_000 + 10_000))).toBe(true);
    expect(reloads).toBe(2);
  });

  it("reloads only for code of a build the server no longer runs, never for the network's failure", async () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => void (reloads += 1);
    // Offline, or online by the browser's word but with no answer yet: the page, and what its forms hold, stays.
    expect(await reloadForChunkError(storage, reload, { fromOldBuild: async () => false, now: () => 1_000_000 })).toBe(
      false,
    );
    expect(reloads).toBe(0);
    // The failure of a newer deploy reloads at once: the network's did not use up the guard.
    expect(await reloadForChunkError(storage, reload, { fromOldBuild: oldBuild, now: () => 1_000_001 })).toBe(true);
    expect(reloads).toBe(1);
  });
});

describe("telling a newer deploy from a network failure", () => {
  afterEach(() => void vi.restoreAllMocks());
  const answer = (response: () => Promise<Response>) => vi.spyOn(globalThis, "fetch").mockImplementation(response);

  it("asks the server which build it runs, never from a cache, and waits a few seconds at most", async () => {
    const fetch = answer(async () => Response.json({ id: `${BUILD_ID}-next` }));
    expect(await isFromOldBuild()).toBe(true);
    // With a time limit: a connection that carries nothing must not hold a form sent meanwhile.
    expect(fetch).toHaveBeenCalledWith(
      VERSION_PATH,
      expect.objectContaining({ cache: "no-store", signal: expect.any(AbortSignal) }),
    );
  });

  it("calls it the network when the server runs this build, gives no answer, or someone else answers", async () => {
    answer(async () => Response.json({ id: BUILD_ID }));
    expect(await isFromOldBuild()).toBe(false);
    answer(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await isFromOldBuild()).toBe(false);
    // The time limit reached.
    answer(() => Promise.reject(new DOMException("The operation timed out.", "TimeoutError")));
    expect(await isFromOldBuild()).toBe(false);
    // A captive portal's login page, or a proxy's error.
    answer(async () => new Response("<h1>Sign in to the Wi-Fi</h1>", { status: 200 }));
    expect(await isFromOldBuild()).toBe(false);
    answer(async () => Response.json({ version: 2 }, { status: 502 }));
    expect(await isFromOldBuild()).toBe(false);
  });
});

describe("one reload for any code of an old build", () => {
  afterEach(() => void vi.restoreAllMocks());

  // Vite's loader raises the event for every dynamic import that fails, whoever asked for it: a
  // part that keeps its server HTML until its code comes would never show the error to a boundary.
  async function failedImports(count: number, build: string) {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ id: build }));
    const events = new EventTarget();
    const reload = vi.fn();
    const storage = memoryStorage();
    reloadWhenOldBuildCodeFails(() => storage, { reload, events });
    for (let i = 0; i < count; i += 1) events.dispatchEvent(new Event("vite:preloadError"));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(count));
    // The server's answers, then a task later: every reaction to them has run by then.
    await Promise.all(fetch.mock.results.map((result) => result.value));
    await new Promise((resolve) => setTimeout(resolve));
    return reload;
  }

  it("reloads once when the server runs a newer build, however many imports failed", async () => {
    const reload = await failedImports(3, `${BUILD_ID}-next`);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("keeps the page when the server runs this build (the network kept the code away)", async () => {
    const reload = await failedImports(1, BUILD_ID);
    expect(reload).not.toHaveBeenCalled();
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
