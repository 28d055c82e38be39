// `npm run bench`: server-side rendering throughput of the built Worker under wrangler dev on
// loopback, measured with autocannon. Prints requests per second and p99 latency per page.
//   npm run bench [-- --duration 10 --connections 10]
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { BROWSER_UA, bin, startServer, waitForUrl, withBuiltServer } from "./lib.mjs";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "10" }, connections: { type: "string", default: "10" } },
});

/** The pages measured; later work adds its own (an event page, warm and cold cache…). */
export const TARGETS = [
  { name: "home (es)", path: "/es/" },
  { name: "content page (en)", path: "/en/about/" },
  { name: "event page (en)", path: "/en/event/marea-alta-gira-mediterrania/" },
];

await withBuiltServer(8797, async (origin) => {
  console.log(`page\trequests/s\tp99 ms\tnon-2xx`);
  for (const target of TARGETS) {
    // Warm the isolate first so start-up is not measured.
    for (let i = 0; i < 20; i += 1) await fetch(origin + target.path, { headers: { "User-Agent": BROWSER_UA } });
    const result = await autocannon({
      url: origin + target.path,
      headers: { "User-Agent": BROWSER_UA },
      duration: Number(values.duration),
      connections: Number(values.connections),
    });
    console.log(`${target.name}\t${result.requests.average.toFixed(0)}\t${result.latency.p99}\t${result.non2xx}`);
  }
});

// Content engine (docs/content-engine.md): the home page read from "Storyblok" (a local mock CDN
// answering after CDN_LATENCY_MS, like a real CDN round trip) with a warm KV cache and a cold one
// (every request a new slug, so every story read misses KV), then how long after the publish
// webhook answers the new text is served.
const CDN_LATENCY_MS = 25;
const CONTENT_PORTS = { site: 8795, cdn: 8896, inspector: 8897 };

async function withStoryblokSite(fn) {
  const { cpSync, mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const { startMockCdn } = await import("../tests/mocks/storyblok/cdn-server.mjs");
  const contentDir = mkdtempSync(path.join(tmpdir(), "arena-bench-cdn-"));
  cpSync("content", contentDir, { recursive: true });
  const tokens = { public: "bench-public-token", preview: "bench-preview-token" };
  const cdn = await startMockCdn({
    port: CONTENT_PORTS.cdn,
    contentDir,
    tokens,
    latencyMs: CDN_LATENCY_MS,
    aliasPrefix: "bench-",
  });
  const vars = {
    STORYBLOK_TOKEN: tokens.public,
    STORYBLOK_PREVIEW_TOKEN: tokens.preview,
    STORYBLOK_WEBHOOK_SECRET: "bench-webhook-secret",
    STORYBLOK_API_BASE: cdn.url,
  };
  const state = `.wrangler/state-${CONTENT_PORTS.site}`;
  rmSync(state, { recursive: true, force: true });
  const site = startServer(
    bin("wrangler"),
    [
      "dev",
      ...["--port", String(CONTENT_PORTS.site), "--ip", "127.0.0.1"],
      ...["--inspector-port", String(CONTENT_PORTS.inspector), "--show-interactive-dev-session=false"],
      ...["--persist-to", state],
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    { stdio: "ignore" },
  );
  const origin = `http://127.0.0.1:${CONTENT_PORTS.site}`;
  try {
    await waitForUrl(`${origin}/es/`, 90_000);
    return await fn({ origin, contentDir, secret: vars.STORYBLOK_WEBHOOK_SECRET, cdn });
  } finally {
    site.stop();
    await cdn.close();
    rmSync(contentDir, { recursive: true, force: true });
  }
}

await withStoryblokSite(async ({ origin, contentDir, secret, cdn }) => {
  const { createHmac } = await import("node:crypto");
  const { readFileSync, utimesSync, writeFileSync } = await import("node:fs");
  const headers = { "User-Agent": BROWSER_UA };
  const options = { headers, duration: Number(values.duration), connections: Number(values.connections) };

  console.log(`\ncontent engine (Storyblok via mock CDN, ${CDN_LATENCY_MS} ms per CDN call)`);
  console.log(`page\trequests/s\tp99 ms\tnon-2xx\tCDN calls`);
  for (let i = 0; i < 20; i += 1) await fetch(`${origin}/es/`, { headers });
  let before = cdn.stats.requests;
  const warm = await autocannon({ ...options, url: `${origin}/es/` });
  console.log(
    `home, warm KV\t${warm.requests.average.toFixed(0)}\t${warm.latency.p99}\t${warm.non2xx}\t${cdn.stats.requests - before}`,
  );

  let n = 0;
  before = cdn.stats.requests;
  const cold = await autocannon({
    ...options,
    url: origin,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: `/es/bench-${(n += 1)}/` }) }],
  });
  console.log(
    `home, cold KV\t${cold.requests.average.toFixed(0)}\t${cold.latency.p99}\t${cold.non2xx}\t${cdn.stats.requests - before}`,
  );

  // Publish → webhook → first response with the new text, a few times.
  const file = `${contentDir}/stories/es/home.json`;
  const delays = [];
  for (let round = 1; round <= 5; round += 1) {
    const text = `Publicado en la ronda ${round} del benchmark.`;
    const story = JSON.parse(readFileSync(file, "utf8"));
    story.story.content.body[0].text.content[1].content[0].text = text;
    writeFileSync(file, JSON.stringify(story));
    const later = new Date(Date.now() + round * 2_000);
    utimesSync(file, later, later);
    const body = JSON.stringify({
      text: "bench",
      action: "published",
      space_id: 287416,
      story_id: 1001,
      full_slug: "home",
    });
    const webhook = await fetch(`${origin}/api/webhooks/storyblok`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "webhook-signature": createHmac("sha1", secret).update(body).digest("hex"),
      },
      body,
    });
    if (!webhook.ok) throw new Error(`webhook answered ${webhook.status}`);
    const answered = performance.now();
    while (!(await (await fetch(`${origin}/es/`, { headers })).text()).includes(text)) {
      if (performance.now() - answered > 10_000) throw new Error("new content not served within 10 s");
    }
    delays.push(performance.now() - answered);
  }
  delays.sort((a, b) => a - b);
  console.log(
    `webhook answered → new content served: median ${delays[2].toFixed(0)} ms, max ${delays[4].toFixed(0)} ms (5 publishes)`,
  );
});
