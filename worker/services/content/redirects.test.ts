import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatasourceEntry } from "#app/lib/content-source.ts";
import { recordings, replayStoryblok, respond, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache, fetchWorker } from "#tests/mocks/storyblok/worker.ts";
import { buildRedirectTable, findRedirect } from "./redirects";

const ORIGIN = "https://arena.test";
const rule = (name: string, value: string): DatasourceEntry => ({ name, value, dimensionValue: null });
const table = (...entries: DatasourceEntry[]) => buildRedirectTable(entries, ORIGIN);
const locate = (entries: DatasourceEntry[], path: string) =>
  findRedirect(table(...entries).table, new URL(`${ORIGIN}${path}`));

describe("redirect rules", () => {
  it("reads the status from the value, 301 by default, and matches with or without the trailing slash", () => {
    const entries = [rule("/es/viejo/", "/es/nuevo/"), rule("/en/old", "302 /en/new/")];
    expect(locate(entries, "/es/viejo/")).toEqual({ location: "/es/nuevo/", status: 301 });
    expect(locate(entries, "/en/old/")).toEqual({ location: "/en/new/", status: 302 });
    expect(locate(entries, "/en/old")).toEqual({ location: "/en/new/", status: 302 });
    expect(locate(entries, "/es/otro/")).toBeNull();
  });

  it("keeps absolute and external targets exactly as the editor wrote them", () => {
    expect(locate([rule("/es/entradas/", "https://tickets.example.com/arena?ref=web")], "/es/entradas/")).toEqual({
      location: "https://tickets.example.com/arena?ref=web",
      status: 301,
    });
  });

  it("keeps the visitor's query only for same-site targets without their own", () => {
    expect(locate([rule("/es/a/", "/es/b/")], "/es/a/?utm_source=x")?.location).toBe("/es/b/?utm_source=x");
    expect(locate([rule("/es/a/", "/es/b/?tab=1")], "/es/a/?utm_source=x")?.location).toBe("/es/b/?tab=1");
    expect(locate([rule("/es/a/", "https://example.com/")], "/es/a/?x=1")?.location).toBe("https://example.com/");
  });

  it("collapses a chain into one hop", () => {
    const entries = [rule("/es/a/", "/es/b/"), rule("/es/b/", "302 /es/c/"), rule("/es/c/", "/es/d/")];
    expect(locate(entries, "/es/a/")).toEqual({ location: "/es/d/", status: 301 });
  });

  it("drops rules that lead back to themselves, directly or through others", () => {
    const { table: rules, rejected } = table(
      rule("/es/self/", "/es/self"),
      rule("/es/a/", "/es/b/"),
      rule("/es/b/", "/es/a"),
      rule("/es/x/", `${ORIGIN}/es/y/`),
      rule("/es/y/", "/es/x/"),
      rule("/es/ok/", "/es/a/"),
    );
    expect([...rules.keys()]).toEqual([]);
    expect(rejected).toHaveLength(6);
  });

  it("refuses targets that are not a rooted path or an http(s) URL", () => {
    const { table: rules, rejected } = table(
      rule("/es/1/", "javascript:alert(1)"),
      rule("/es/2/", " JaVaScRiPt:alert(1)"),
      rule("/es/3/", "data:text/html,<script>alert(1)</script>"),
      rule("/es/4/", "//evil.example/"),
      rule("/es/5/", "/\\evil.example/"),
      rule("no-slash/", "/es/"),
    );
    expect(rules.size).toBe(0);
    expect(rejected).toHaveLength(6);
  });

  it("never turns the visitor's path into the Location", () => {
    const entries = [rule("/evil.example/", "/es/")];
    const paths = ["//evil.example/", "/\\evil.example/", "/%2F%2Fevil.example/", "///evil.example"];
    expect(paths.map((path) => locate(entries, path)?.location ?? null)).toEqual(["/es/", "/es/", null, "/es/"]);
    expect(locate([], "//evil.example/")).toBeNull();
    expect(locate([rule("/es/a/", "/es/b/")], "//es/a/")?.location).toBe("/es/b/");
  });
});

describe("redirect rules at the edge", () => {
  let replay: Replay;
  beforeEach(async () => {
    await clearCache();
    replay = replayStoryblok();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    expect(replay.unhandled).toEqual([]);
  });

  it("applies the embedded rules before rendering, in one hop even without the trailing slash", async () => {
    const { response } = await fetchWorker("/es/el-pabellon", env);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/es/about/");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("applies Storyblok's rules, caches them in KV, and skips the looping and hostile ones", async () => {
    const moved = await fetchWorker("/en/old-about/", storyblokEnv(env));
    expect(moved.response.status).toBe(302);
    expect(moved.response.headers.get("Location")).toBe("/en/about/");
    expect(await env.CACHE.get("content:published:datasource:redirects:")).not.toBeNull();

    const external = await fetchWorker("/es/entradas/", storyblokEnv(env));
    expect(external.response.headers.get("Location")).toBe("https://tickets.example.com/arena");

    const missing = ["/v2/cdn/stories/a", "/v2/cdn/stories/b", "/v2/cdn/stories/malo"];
    replay.override((url) => (missing.includes(url.pathname) ? respond(recordings["story-missing"]!) : null));
    for (const path of ["/es/a/", "/es/b/", "/es/malo/"]) {
      const { response } = await fetchWorker(path, storyblokEnv(env));
      expect(response.headers.get("Location")).toBeNull();
    }
    const datasourceCalls = replay.calls.filter((url) => url.pathname === "/v2/cdn/datasource_entries");
    expect(datasourceCalls).toHaveLength(1);
  });

  it("renders pages normally when the rules cannot be loaded", async () => {
    replay.override((url) => (url.pathname === "/v2/cdn/datasource_entries" ? new Response("{}", { status: 502 }) : null));
    const { response } = await fetchWorker("/es/", storyblokEnv(env));
    expect(response.status).toBe(200);
  });
});
