// A local stand-in for the Storyblok CDN API v2, for end-to-end tests and benchmarks. It serves
// the stories and datasources of a content directory (the `content/` layout) in the CDN's wire
// format, and behaves like the real CDN where the site depends on it:
// - `cv` is the space's cache version: it moves forward whenever a file changes;
// - a response is cached per URL, so a request that repeats an old `cv` gets the old content
//   (the real CDN's behaviour, which a site that mishandles `cv` gets stuck on);
// - tokens are checked: the public token reads published content, the preview token drafts too
//   (`drafts/<lang>/<slug>.json`, when present, is the draft of a story).
//   node tests/mocks/storyblok/cdn-server.mjs --port 8893 --content <dir> [--latency 20]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateEventStories } from "#tests/fixtures/generated-events.mjs";

const LANG_DIRS = { "": "es", default: "es", en: "en", ca: "val" };

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/**
 * The space's cache version, as the real CDN keeps it: every publish moves it forward, however
 * close together. A publish here is any change to a published file (its path, size or
 * modification time) or to the generated catalogue; the version is then the newest file's
 * modification time in seconds, or one more than the last version when that is not later (two
 * publishes within a second still get two versions).
 */
function cacheVersionOf(contentDir, extra) {
  let seen = "";
  let cv = 0;
  return () => {
    const files = ["stories", "datasources"].flatMap((dir) => walk(path.join(contentDir, dir)));
    const stats = files.map((file) => statSync(file));
    const fingerprint = [
      extra.generation,
      ...files.map((file, i) => `${file}:${stats[i].size}:${stats[i].mtimeMs}`),
    ].join("\n");
    if (fingerprint !== seen) {
      seen = fingerprint;
      cv = Math.max(cv + 1, Math.floor(Math.max(...stats.map((stat) => stat.mtimeMs)) / 1000));
    }
    return cv;
  };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function storiesOf(contentDir, langDir) {
  const dir = path.join(contentDir, "stories", langDir);
  return walk(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => readJson(file)?.story)
    .filter(Boolean);
}

/**
 * Drafts carry the Visual Editor's marker on every block, as the CDN sends them:
 * `_editable: '<!--#storyblok#{"name": "text", "space": "287416", "uid": "…", "id": "1001"}-->'`.
 */
function withEditorMarkers(value, storyId) {
  if (Array.isArray(value)) return value.map((item) => withEditorMarkers(item, storyId));
  if (typeof value !== "object" || value === null) return value;
  const out = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = withEditorMarkers(field, storyId);
    if (key === "_uid" && typeof value.component === "string" && !("_editable" in value)) {
      const options = `{"name": "${value.component}", "space": "287416", "uid": "${field}", "id": "${storyId}"}`;
      out._editable = `<!--#storyblok#${options}-->`;
    }
  }
  return out;
}

/**
 * `resolve_links=url`, as the CDN does it: a story link (`linktype: "story"`, the story's uuid as
 * `id`) gets the linked story's current path in `story`, so a link follows a rename or move.
 */
function withResolvedLinks(value, byUuid) {
  if (Array.isArray(value)) return value.map((item) => withResolvedLinks(item, byUuid));
  if (typeof value !== "object" || value === null) return value;
  const out = Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withResolvedLinks(field, byUuid)]));
  const linked = value.linktype === "story" ? byUuid.get(value.id) : undefined;
  if (linked) {
    const { name, id, uuid, slug, full_slug } = linked;
    out.story = { name, id, uuid, slug, url: full_slug, full_slug, _stopResolving: true };
  }
  return out;
}

/**
 * Generated events served besides the content directory's (benchmarks of a large catalogue):
 * `count` per language, the first tomorrow, so all are upcoming.
 */
function generatedEvents(extra, langDir) {
  if (!extra.count) return [];
  const key = `${langDir}:${extra.count}`;
  if (!extra.byLang.has(key)) {
    const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    extra.byLang.set(key, generateEventStories(extra.count, { lang: langDir, from }));
  }
  return extra.byLang.get(key);
}

/** Answers one CDN request: [status, headers, body]. */
function answer(url, contentDir, tokens, options) {
  const token = url.searchParams.get("token");
  const version = url.searchParams.get("version") ?? "published";
  if (token !== tokens.public && token !== tokens.preview) return [401, {}, { error: "Unauthorized" }];
  if (version === "draft" && token !== tokens.preview) return [401, {}, { error: "Unauthorized" }];
  const cv = options.cacheVersion();
  const langDir = LANG_DIRS[url.searchParams.get("language") ?? ""] ?? "es";
  const route = url.pathname.replace(/^\/v2\/cdn\//, "").replace(/\/$/, "");

  if (route === "spaces/me") {
    return [200, {}, { space: { id: 287416, name: "Arena (local)", domain: "http://127.0.0.1/", version: cv } }];
  }
  if (route.startsWith("stories/")) {
    const slug = route.slice("stories/".length);
    // Benchmarks ask for endless distinct slugs (`bench-<n>`) to measure a cold KV: each is the home story.
    const file = options.aliasPrefix && slug.startsWith(options.aliasPrefix) ? "home" : slug;
    // Drafts: an unpublished edit in `drafts/<lang>/<slug>.json` wins over the published story.
    const draft = version === "draft" ? readJson(path.join(contentDir, "drafts", langDir, `${file}.json`)) : null;
    const generated = generatedEvents(options.extra, langDir).find((event) => `events/${event.slug}` === slug);
    const story =
      draft ?? (generated ? { story: generated } : readJson(path.join(contentDir, "stories", langDir, `${file}.json`)));
    if (!story) return [404, {}, ["This record could not be found"]];
    if (version === "draft") story.story.content = withEditorMarkers(story.story.content, story.story.id);
    if (url.searchParams.get("resolve_links") === "url") {
      const byUuid = new Map(storiesOf(contentDir, langDir).map((linked) => [linked.uuid, linked]));
      story.story.content = withResolvedLinks(story.story.content, byUuid);
    }
    return [200, {}, { ...story, cv, rels: [], links: [] }];
  }
  if (route === "stories") {
    const prefix = url.searchParams.get("starts_with") ?? "";
    const all = [...storiesOf(contentDir, langDir), ...generatedEvents(options.extra, langDir)].filter((story) =>
      story.full_slug.replace(/^(en|ca)\//, "").startsWith(prefix),
    );
    const perPage = Number(url.searchParams.get("per_page") ?? 25);
    const page = Number(url.searchParams.get("page") ?? 1);
    const stories = all.slice((page - 1) * perPage, page * perPage);
    return [200, { total: String(all.length), "per-page": String(perPage) }, { stories, cv, rels: [], links: [] }];
  }
  if (route === "links") {
    const links = Object.fromEntries(
      storiesOf(contentDir, "es").map((story) => [
        story.uuid,
        {
          id: story.id,
          uuid: story.uuid,
          slug: story.full_slug,
          name: story.name,
          is_folder: false,
          parent_id: story.parent_id ?? null,
          published: true,
          position: story.position ?? 0,
          is_startpage: false,
          real_path: `/${story.full_slug}`,
        },
      ]),
    );
    const total = String(Object.keys(links).length);
    return [
      200,
      { total, "per-page": url.searchParams.get("per_page") ?? "25" },
      url.searchParams.get("page") > 1 ? { links: {} } : { links },
    ];
  }
  if (route === "datasource_entries") {
    const file = readJson(path.join(contentDir, "datasources", `${url.searchParams.get("datasource")}.json`));
    const entries = file?.datasource_entries ?? [];
    return [
      200,
      { total: String(entries.length), "per-page": url.searchParams.get("per_page") ?? "25" },
      { datasource_entries: url.searchParams.get("page") > 1 ? [] : entries },
    ];
  }
  return [404, {}, ["This record could not be found"]];
}

/**
 * Starts the mock CDN on 127.0.0.1:`port` (0: a free port, named by the returned `url`). `requests` counts what it served, so callers can tell
 * cache hits from misses; `latencyMs` delays every answer like a distant CDN.
 */
export function startMockCdn({ port = 0, contentDir, tokens, latencyMs = 0, aliasPrefix = "" }) {
  const cdnCache = new Map();
  const stats = { requests: 0 };
  // `generation` moves the space's cv whenever the generated catalogue changes, like a publish.
  const extra = { count: 0, generation: 0, byLang: new Map() };
  const cacheVersion = cacheVersionOf(contentDir, extra);
  const server = createServer((request, response) => {
    stats.requests += 1;
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const cacheable = url.searchParams.has("cv") && url.searchParams.get("version") !== "draft";
    const cached = cacheable ? cdnCache.get(url.href) : undefined;
    const [status, headers, body] = cached ?? answer(url, contentDir, tokens, { aliasPrefix, extra, cacheVersion });
    if (cacheable && status === 200 && !cached) cdnCache.set(url.href, [status, headers, body]);
    setTimeout(() => {
      response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      response.end(JSON.stringify(body));
    }, latencyMs);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/v2`,
        stats,
        setGeneratedEvents(count) {
          extra.count = count;
          extra.generation += 1;
        },
        close: () => new Promise((done) => server.close(done)),
      }),
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8893" },
      content: { type: "string", default: "content" },
      latency: { type: "string", default: "0" },
      "public-token": { type: "string", default: "local-public-token" },
      "preview-token": { type: "string", default: "local-preview-token" },
    },
  });
  const cdn = await startMockCdn({
    port: Number(values.port),
    contentDir: path.resolve(values.content),
    tokens: { public: values["public-token"], preview: values["preview-token"] },
    latencyMs: Number(values.latency),
  });
  console.log(`mock Storyblok CDN on ${cdn.url}`);
}
