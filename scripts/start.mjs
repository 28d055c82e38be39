// `npm start`: builds the site and serves it on http://127.0.0.1:8787/ with local bindings.
import { bin, run } from "./lib.mjs";

const built = await run(bin("react-router"), ["build"]);
if (built !== 0) process.exit(built);
process.exit(await run("node", ["scripts/serve.mjs", ...process.argv.slice(2)]));
