import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { replayStoryblok, storyblokEnv, type Replay } from "#tests/mocks/storyblok/replay.ts";
import { clearCache, fetchWorker } from "#tests/mocks/storyblok/worker.ts";
import { sha1Hex } from "#worker/services/content/signatures.ts";
import { verifyPreviewQuery } from "./preview";
import { one, parseHtml } from "#tests/html.ts";

const SPACE = "287416";
const PREVIEW_TOKEN = "test-preview-token";
const BRIDGE = "https://app.storyblok.com/f/storyblok-v2-latest.js";

async function previewQuery(options: { timestamp?: number; token?: string; space?: string } = {}) {
  const space = options.space ?? SPACE;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = await sha1Hex(`${space}:${options.token ?? PREVIEW_TOKEN}:${timestamp}`);
  return new URLSearchParams({
    _storyblok: "1002",
    "_storyblok_tk[space_id]": space,
    "_storyblok_tk[timestamp]": timestamp,
    "_storyblok_tk[token]": token,
  });
}

let replay: Replay;
beforeEach(async () => {
  await clearCache();
  replay = replayStoryblok();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  expect(replay.unhandled).toEqual([]);
});

describe("Visual Editor preview", () => {
  it("serves the draft, private and unindexed, frameable by the editor, with the bridge", async () => {
    const { response, body } = await fetchWorker(`/es/about/?${await previewQuery()}`, storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(body).toContain("BORRADOR: texto aún sin publicar.");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(response.headers.get("Content-Security-Policy")).toMatch(
      /frame-ancestors 'self' https:\/\/app\.storyblok\.com(;|$)/,
    );
    expect(response.headers.get("X-Frame-Options")).toBeNull();
    expect(body).toContain(BRIDGE);
    expect(body).not.toContain(PREVIEW_TOKEN);
    expect(replay.calls.some((url) => url.searchParams.get("version") === "draft")).toBe(true);
  });

  it("never writes drafts to KV", async () => {
    await fetchWorker(`/es/about/?${await previewQuery()}`, storyblokEnv(env));
    const { keys } = await env.CACHE.list({ prefix: "content:published:story:" });
    expect(keys).toEqual([]);
  });

  it.each([
    ["a forged token", () => previewQuery({ token: "guessed-token" })],
    ["a token over an hour old", () => previewQuery({ timestamp: Math.floor(Date.now() / 1000) - 3601 })],
    ["another space's token", () => previewQuery({ space: "1" })],
  ])("gives %s the published page and nothing of the draft", async (_, query) => {
    const { response, body } = await fetchWorker(`/es/about/?${await query()}`, storyblokEnv(env));
    expect(response.status).toBe(200);
    expect(body).not.toContain("BORRADOR");
    expect(body).not.toContain(BRIDGE);
    expect(response.headers.get("X-Robots-Tag")).toBeNull();
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBeNull();
    expect(response.headers.get("Content-Security-Policy")).not.toContain("app.storyblok.com");
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(replay.calls.every((url) => url.searchParams.get("version") !== "draft")).toBe(true);
  });

  it("hands the bridge each block's editor marker (click-to-edit), from the draft's wire format", async () => {
    const { body } = await fetchWorker(`/es/about/?${await previewQuery()}`, storyblokEnv(env));
    // The loader data the page hydrates with keeps `_editable`, and each block is rendered inside
    // an element carrying its marker (bloks/render.tsx), on the server as in the browser.
    const document = parseHtml(body);
    for (const uid of ["about-es", "about-text-es"]) {
      expect(body).toMatch(new RegExp(`#storyblok#\\{[^}]*uid[^}]*${uid}[^}]*\\}`));
      one(document, `[data-blok-uid$="-${uid}"]`);
    }
  });

  it("gives a forged preview link no editor markers", async () => {
    const forged = await fetchWorker(`/es/about/?${await previewQuery({ token: "guessed" })}`, storyblokEnv(env));
    expect(forged.body).not.toContain("#storyblok#");
  });

  it("does not load the bridge on ordinary pages", async () => {
    const { body } = await fetchWorker("/es/about/", storyblokEnv(env));
    expect(body).not.toContain(BRIDGE);
  });
});

describe("preview token check", () => {
  const now = 1_763_780_000_000;
  const at = (seconds: number) => previewQuery({ timestamp: Math.floor(now / 1000) + seconds });

  it("accepts a fresh token and refuses one from far in the future", async () => {
    expect(await verifyPreviewQuery(await at(-3599), PREVIEW_TOKEN, now)).toBe(true);
    expect(await verifyPreviewQuery(await at(-3600), PREVIEW_TOKEN, now)).toBe(false);
    expect(await verifyPreviewQuery(await at(3600), PREVIEW_TOKEN, now)).toBe(false);
  });

  it("refuses everything when no preview token is configured", async () => {
    expect(await verifyPreviewQuery(await previewQuery({ token: "" }), "", Date.now())).toBe(false);
  });
});
