import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMockCdn, type MockCdn } from "#tests/mocks/storyblok/cdn-server.mjs";
import { waitForSite } from "./own-server";

/**
 * The built Worker under wrangler dev with its content from "Storyblok": the local mock CDN (the
 * real wire format) serving a copy of content/ that a test may edit (stories, and drafts under
 * `drafts/`), for the specs that publish or preview. Every server takes the ports it is given.
 */
export const STORYBLOK_TOKENS = { public: "e2e-public-token", preview: "e2e-preview-token" };

/** The demo space's id, as the Visual Editor signs it. */
const SPACE_ID = "287416";

export interface StoryblokSite {
  /** The copy of content/ the mock CDN serves. */
  contentDir: string;
  cdn: MockCdn;
  close(): Promise<void>;
}

export async function startStoryblokSite(options: {
  port: number;
  inspectorPort: number;
  vars?: Record<string, string>;
}): Promise<StoryblokSite> {
  const contentDir = mkdtempSync(path.join(tmpdir(), "arena-cdn-"));
  cpSync("content", contentDir, { recursive: true });
  const stateDir = mkdtempSync(path.join(tmpdir(), "arena-e2e-storyblok-state-"));
  const cdn = await startMockCdn({ contentDir, tokens: STORYBLOK_TOKENS });
  const vars = {
    STORYBLOK_TOKEN: STORYBLOK_TOKENS.public,
    STORYBLOK_PREVIEW_TOKEN: STORYBLOK_TOKENS.preview,
    STORYBLOK_API_BASE: cdn.url,
    ...options.vars,
  };
  const site = spawn(
    path.resolve("node_modules/.bin/wrangler"),
    [
      "dev",
      // The build under test (ARENA_BUILD_DIR, as scripts/serve.mjs), else the checkout's last one.
      ...(process.env.ARENA_BUILD_DIR ? ["--config", `${process.env.ARENA_BUILD_DIR}/server/wrangler.json`] : []),
      ...["--port", String(options.port), "--ip", "127.0.0.1", "--inspector-port", String(options.inspectorPort)],
      ...["--show-interactive-dev-session=false", "--persist-to", stateDir],
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    {
      detached: true,
      stdio: "ignore",
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_HIDE_BANNER: "true",
      },
    },
  );
  await waitForSite(`http://127.0.0.1:${options.port}`, 90_000);
  return {
    contentDir,
    cdn,
    async close() {
      if (site.pid) process.kill(-site.pid, "SIGTERM");
      await cdn.close();
      rmSync(contentDir, { recursive: true, force: true });
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** The query the Visual Editor adds to a preview URL, signed with `previewToken`. */
export function editorQuery(
  storyId: number,
  options: { lang?: string; previewToken?: string; timestamp?: number } = {},
): URLSearchParams {
  const { lang, previewToken = STORYBLOK_TOKENS.preview, timestamp = Math.floor(Date.now() / 1000) } = options;
  const token = createHash("sha1").update(`${SPACE_ID}:${previewToken}:${timestamp}`).digest("hex");
  return new URLSearchParams({
    _storyblok: String(storyId),
    ...(lang ? { _storyblok_lang: lang } : {}),
    "_storyblok_tk[space_id]": SPACE_ID,
    "_storyblok_tk[timestamp]": String(timestamp),
    "_storyblok_tk[token]": token,
  });
}
