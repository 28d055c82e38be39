// `npm run bench`: server-side rendering throughput of the built Worker under wrangler dev on
// loopback, measured with autocannon. Prints requests per second and p99 latency per page.
//   npm run bench [-- --duration 10 --connections 10]
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { BROWSER_UA, withBuiltServer } from "./lib.mjs";

const { values } = parseArgs({
  options: { duration: { type: "string", default: "10" }, connections: { type: "string", default: "10" } },
});

/** The pages measured; later work adds its own (an event page, warm and cold cache…). */
export const TARGETS = [
  { name: "home (es)", path: "/es/" },
  { name: "content page (en)", path: "/en/about/" },
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
