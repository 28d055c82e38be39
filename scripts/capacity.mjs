// `npm run capacity`: what the site asks of each Cloudflare, Firebase and Storyblok limit at an
// on-sale rush (docs/capacity.md). The per-request counts are measured on the real Worker by
// tests/capacity/capacity.test.ts (run first; it fails when a request type's operations change
// until tests/capacity/counts.json is updated), multiplied by the traffic profile and held against
// the published limits (scripts/capacity-model.mjs). Every demand over 10 % of a limit is named
// with its fix; tests/capacity/capacity-doc.test.ts holds the page's tables to the counts.
//   npm run capacity [-- --no-measure] [-- --write]
//   --no-measure: skip the test run (use counts.json as it is);
//   --write: put both tables into docs/capacity.md (otherwise a stale doc fails the run)
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import * as prettier from "prettier";
import { countsTable, loadTable, PROFILE, withTables } from "./capacity-model.mjs";
import { bin, run } from "./lib.mjs";

const { values } = parseArgs({
  options: { "no-measure": { type: "boolean", default: false }, write: { type: "boolean", default: false } },
});

if (!values["no-measure"]) {
  const code = await run(bin("vitest"), ["run", "tests/capacity/capacity.test.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (code !== 0) {
    console.error(
      "tests/capacity/capacity.test.ts failed: a request type's operations changed (update tests/capacity/counts.json)",
    );
    process.exit(code);
  }
}

/** @type {Record<string, Record<string, number>>} */
const counts = JSON.parse(readFileSync("tests/capacity/counts.json", "utf8"));

const tables = { counts: countsTable(counts), load: loadTable(counts) };
console.log("Operations per request (tests/capacity/counts.json, measured on the real Worker):\n");
console.log(tables.counts);
console.log(
  `\nAt ${PROFILE.visitors.toLocaleString("en-US")} visitors in ${PROFILE.seconds / 60} minutes (${PROFILE.signIn * 100} % signing in, ${PROFILE.form * 100} % sending a form), peak second = ${PROFILE.peak}× the average:\n`,
);
console.log(tables.load);

const DOC = "docs/capacity.md";
const doc = readFileSync(DOC, "utf8");
const unformatted = withTables(doc, tables);
// As the repository's Prettier writes it, so a formatted page and a fresh one compare equal.
const replaced = await prettier.format(unformatted, { ...(await prettier.resolveConfig(DOC)), filepath: DOC });
if (values.write) writeFileSync(DOC, replaced);
else if (replaced !== doc) {
  console.error(`\n${DOC} is not current: npm run capacity -- --write`);
  process.exit(1);
}
