import { env } from "cloudflare:workers";
import * as v from "valibot";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BUILD_ID } from "#app/lib/build-id.ts";
import { BACKOFF_SECONDS, BackoffError, createKvCache, forgetParsedEntries } from "./kv-cache";
import { CACHE_STRATEGIES } from "./strategies";

const Text = v.string();
const minute = 60_000;

async function clearKv() {
  forgetParsedEntries();
  const { keys } = await env.CACHE.list();
  await Promise.all(keys.map((key) => env.CACHE.delete(key.name)));
}

/** A cache whose clock the test moves, and whose background work the test can await. */
function testCache() {
  let now = 1_000_000_000_000;
  const background: Promise<unknown>[] = [];
  const cache = createKvCache({ kv: env.CACHE, waitUntil: (p) => background.push(p), now: () => now });
  return {
    cache,
    advance: (ms: number) => (now += ms),
    /** Awaits the background work, including what that work started. */
    settle: async () => {
      while (background.length > 0) await Promise.all(background.splice(0));
    },
  };
}

beforeEach(clearKv);

describe("KV read-through cache", () => {
  it("loads on a miss, stores the value with its put time, and serves the next read from KV", async () => {
    const { cache, settle } = testCache();
    const load = vi.fn(async () => "v1");
    expect(await cache.read("k:miss", "long", Text, load)).toBe("v1");
    expect(await cache.read("k:miss", "long", Text, load)).toBe("v1");
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await env.CACHE.get("k:miss", "json")).toEqual({ putAt: 1_000_000_000_000, value: "v1", build: BUILD_ID });
  });

  it("trusts what this build wrote and checks what another deploy wrote", async () => {
    const { cache } = testCache();
    // Validated when it entered KV: read back without a second check.
    await env.CACHE.put("k:ours", JSON.stringify({ putAt: Date.now(), value: 42, build: BUILD_ID }));
    expect(await cache.read("k:ours", "long", v.unknown(), async () => "reloaded")).toBe(42);
    await env.CACHE.put("k:theirs", JSON.stringify({ putAt: Date.now(), value: 42, build: "an-older-deploy" }));
    expect(await cache.read("k:theirs", "long", Text, async () => "reloaded")).toBe("reloaded");
  });

  it("keeps parsed entries in the isolate while the content version stays the same", async () => {
    let version = "v1";
    const cache = createKvCache({ kv: env.CACHE, waitUntil: () => undefined, version: async () => version });
    await env.CACHE.put("k:memo", JSON.stringify({ putAt: Date.now(), value: "first", build: BUILD_ID }));
    expect(await cache.read("k:memo", "long", Text, async () => "loaded")).toBe("first");
    await env.CACHE.put("k:memo", JSON.stringify({ putAt: Date.now(), value: "second", build: BUILD_ID }));
    expect(await cache.read("k:memo", "long", Text, async () => "loaded")).toBe("first");
    version = "v2";
    expect(await cache.read("k:memo", "long", Text, async () => "loaded")).toBe("second");
  });

  it("serves a stale entry at once and refreshes it in the background", async () => {
    const { cache, advance, settle } = testCache();
    await cache.read("k:swr", "long", Text, async () => "old");
    await settle();
    advance(CACHE_STRATEGIES.long.freshSeconds * 1000 + minute);
    const load = vi.fn(async () => "new");
    expect(await cache.read("k:swr", "long", Text, load)).toBe("old");
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.read("k:swr", "long", Text, load)).toBe("new");
  });

  it("keeps serving the stale entry when the refresh fails", async () => {
    const { cache, advance, settle } = testCache();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await cache.read("k:sie", "long", Text, async () => "kept");
    await settle();
    advance(CACHE_STRATEGIES.long.freshSeconds * 1000 + minute);
    const failing = async (): Promise<string> => {
      throw new Error("Storyblok: 500");
    };
    expect(await cache.read("k:sie", "long", Text, failing)).toBe("kept");
    await settle();
    expect(await cache.read("k:sie", "long", Text, failing)).toBe("kept");
    await settle();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("serving stale"), "Storyblok: 500");
  });

  it("reloads once the stale window is over", async () => {
    const { cache, advance, settle } = testCache();
    await cache.read("k:old", "long", Text, async () => "old");
    await settle();
    advance((CACHE_STRATEGIES.long.freshSeconds + CACHE_STRATEGIES.long.staleSeconds) * 1000 + minute);
    expect(await cache.read("k:old", "long", Text, async () => "new")).toBe("new");
  });

  it("remembers a missing value briefly", async () => {
    const { cache, advance, settle } = testCache();
    const load = vi.fn(async () => null);
    expect(await cache.read("k:404", "long", Text, load)).toBeNull();
    await settle();
    expect(await cache.read("k:404", "long", Text, load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    advance(CACHE_STRATEGIES.missing.freshSeconds * 1000 + 1);
    await cache.read("k:404", "long", Text, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("runs one load per key for concurrent misses", async () => {
    const { cache } = testCache();
    let release: (value: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const reads = Array.from({ length: 5 }, () => cache.read("k:burst", "long", Text, load));
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    release("once");
    expect(await Promise.all(reads)).toEqual(["once", "once", "once", "once", "once"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("never writes under the none strategy", async () => {
    const { cache } = testCache();
    expect(await cache.read("k:draft", "none", Text, async () => "draft")).toBe("draft");
    expect(await env.CACHE.get("k:draft")).toBeNull();
  });

  it("reloads an entry that no longer matches its schema", async () => {
    const { cache } = testCache();
    await env.CACHE.put("k:shape", JSON.stringify({ putAt: 1_000_000_000_000, value: 42 }));
    expect(await cache.read("k:shape", "long", Text, async () => "fixed")).toBe("fixed");
  });
});

describe("KV read-through cache: back-off while the origin is down", () => {
  const second = 1000;
  const down = () =>
    vi.fn(async (): Promise<string> => {
      throw new Error("Storyblok: 503");
    });

  async function staleEntry(key: string) {
    const test = testCache();
    await test.cache.read(key, "long", Text, async () => "kept");
    await test.settle();
    test.advance(CACHE_STRATEGIES.long.freshSeconds * 1000 + minute);
    return test;
  }

  it("asks the origin at most three times in the first minute, however many visitors read", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { cache, advance, settle } = await staleEntry("k:down");
    const load = down();
    // 600 reads over one minute: ten a second.
    for (let i = 0; i < 600; i += 1) {
      expect(await cache.read("k:down", "long", Text, load)).toBe("kept");
      await settle();
      advance(100);
    }
    expect(load).toHaveBeenCalledTimes(3);
    // Then once a minute while it stays down.
    for (let i = 0; i < 600; i += 1) {
      await cache.read("k:down", "long", Text, load);
      await settle();
      advance(100);
    }
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("tries again after the wait, and forgets the back-off once the origin answers", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { cache, advance, settle } = await staleEntry("k:back");
    const load = down();
    await cache.read("k:back", "long", Text, load);
    await settle();
    expect(await env.CACHE.get("cache:backoff:k:back")).not.toBeNull();
    advance(BACKOFF_SECONDS[0] * second);
    const up = vi.fn(async () => "new");
    expect(await cache.read("k:back", "long", Text, up)).toBe("kept");
    await settle();
    expect(up).toHaveBeenCalledTimes(1);
    expect(await cache.read("k:back", "long", Text, up)).toBe("new");
    expect(await env.CACHE.get("cache:backoff:k:back")).toBeNull();
  });

  it("holds back the other isolates too, through KV", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { cache, settle } = await staleEntry("k:shared");
    await cache.read("k:shared", "long", Text, down());
    await settle();
    forgetParsedEntries(); // as a fresh isolate would start
    const load = down();
    expect(await cache.read("k:shared", "long", Text, load)).toBe("kept");
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it("fails a key with nothing cached at once, without calling the origin, until the wait is over", async () => {
    const { cache, advance, settle } = testCache();
    const load = down();
    await expect(cache.read("k:cold", "long", Text, load)).rejects.toThrow("Storyblok: 503");
    await settle();
    await expect(cache.read("k:cold", "long", Text, load)).rejects.toBeInstanceOf(BackoffError);
    expect(load).toHaveBeenCalledTimes(1);
    advance(BACKOFF_SECONDS[0] * second);
    expect(await cache.read("k:cold", "long", Text, async () => "up again")).toBe("up again");
  });

  it("ends every back-off when the content version moves on (a publish)", async () => {
    let version = "v1";
    const background: Promise<unknown>[] = [];
    const cache = createKvCache({ kv: env.CACHE, waitUntil: (p) => background.push(p), version: async () => version });
    await expect(cache.read("k:published", "long", Text, down())).rejects.toThrow("Storyblok: 503");
    await Promise.all(background);
    await expect(cache.read("k:published", "long", Text, down())).rejects.toBeInstanceOf(BackoffError);
    version = "v2";
    expect(await cache.read("k:published", "long", Text, async () => "published")).toBe("published");
  });
});
