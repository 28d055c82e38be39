import autocannon from "autocannon";
import { rmSync } from "node:fs";
import { BROWSER_UA, bin, processCpuMs, startServer, waitForUrl, workerProcess } from "./lib.mjs";
const port = 8890, state = `.wrangler/state-exp`;
rmSync(state, { recursive: true, force: true });
const server = startServer(bin("wrangler"), ["dev", "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--inspector-port", "8990", "--persist-to", state, "--var", "PAGE_CACHE:off"], { stdio: "ignore" });
const origin = `http://127.0.0.1:${port}`;
try {
  await waitForUrl(`${origin}/es/`, 120000);
  const pid = workerProcess(server);
  const pages = process.argv.slice(2);
  for (const p of pages) for (let i = 0; i < 30; i++) await (await fetch(origin + p, { headers: { "User-Agent": BROWSER_UA } })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 2000));
  const res = Object.fromEntries(pages.map((p) => [p, []]));
  for (let round = 0; round < 4; round++) for (const p of pages) {
    const before = processCpuMs(pid);
    const r = await autocannon({ url: origin + p, headers: { "User-Agent": BROWSER_UA }, duration: 3, connections: 10 });
    res[p].push(((processCpuMs(pid) - before) / r.requests.total).toFixed(2) + "/" + Math.round(r.requests.average));
  }
  for (const p of pages) console.log(p, res[p].join("  "));
} finally { server.stop(); }
