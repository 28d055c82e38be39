import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppContext } from "#app/lib/context.server.ts";
import type { Blok } from "#app/lib/content-types.ts";
import { thaw, type Frozen } from "#app/lib/frozen.ts";
import { blokDataResolvers, resolveBlokData, type BlokDataResolver } from "./data.server";

const originals = { ...blokDataResolvers };

afterEach(() => {
  Object.assign(blokDataResolvers, originals);
  vi.useRealTimers();
});

/** A page whose one block has a counting resolver registered under `component`. */
function pageWith(component: string, resolve: BlokDataResolver = async () => ({ at: Date.now() })) {
  const calls = vi.fn(resolve);
  blokDataResolvers[component] = calls;
  const root: Blok = { component: "page", _uid: "page", body: [{ component, _uid: "block" }] };
  return { root, calls };
}

function args(lang: "es" | "en" = "es", { preview = false, search = "" } = {}) {
  return { app: { lang, preview } as AppContext, url: new URL(`http://arena.test/${lang}/events/${search}`) };
}

async function dataOf(root: Blok, requestArgs = args()) {
  return (await resolveBlokData(root, requestArgs)).block as Frozen<unknown>;
}

describe("block data shared by the requests of one view", () => {
  it("resolves a block once per language and minute, and hands every request the same frozen data", async () => {
    vi.useFakeTimers({ now: new Date("2026-12-04T20:00:10Z"), toFake: ["Date"] });
    const { root, calls } = pageWith("upcoming_events");
    const first = await dataOf(root);
    expect(await dataOf(root)).toBe(first);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(thaw(first)).toEqual({ at: Date.parse("2026-12-04T20:00:10Z") });

    await dataOf(root, args("en"));
    expect(calls).toHaveBeenCalledTimes(2);

    vi.setSystemTime(new Date("2026-12-04T20:01:00Z"));
    const nextMinute = await dataOf(root);
    expect(calls).toHaveBeenCalledTimes(3);
    expect(thaw(nextMinute)).toEqual({ at: Date.parse("2026-12-04T20:01:00Z") });
  });

  it("a new block object (a publish) resolves again", async () => {
    const { root, calls } = pageWith("upcoming_events");
    await dataOf(root);
    await dataOf(structuredClone(root));
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it("a preview resolves every time", async () => {
    const { root, calls } = pageWith("upcoming_events");
    await dataOf(root, args("es", { preview: true }));
    await dataOf(root, args("es", { preview: true }));
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it("a failure is not kept: the next request tries again", async () => {
    let fail = true;
    const { root, calls } = pageWith("upcoming_events", async () => {
      if (fail) throw new Error("CMS unavailable");
      return { ok: true };
    });
    await expect(dataOf(root)).rejects.toThrow("CMS unavailable");
    fail = false;
    expect(thaw(await dataOf(root))).toEqual({ ok: true });
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it("the event list's data is kept per view of its URL (filters and page)", async () => {
    const { root, calls } = pageWith("events", async (_blok, { url }) => ({ view: url.search }));
    const all = await dataOf(root, args("es", { search: "" }));
    const comedy = await dataOf(root, args("es", { search: "?category=comedy" }));
    expect(thaw(all)).toEqual({ view: "" });
    expect(thaw(comedy)).toEqual({ view: "?category=comedy" });
    expect(await dataOf(root, args("es", { search: "?category=comedy" }))).toBe(comedy);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
