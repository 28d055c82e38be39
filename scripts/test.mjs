// `npm test`: type-check, lint, unit/integration tests in workerd, build, then Playwright in
// Chromium against the built Worker. Ends with one line: `N passed, N failed`.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { bin, run } from "./lib.mjs";

const reports = ".test-reports";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
let broken = false;

async function step(name, command, args, env) {
  console.log(`\n▶ ${name}`);
  const code = await run(command, args, { env });
  if (code !== 0) {
    console.log(`✗ ${name} failed (exit ${code})`);
    broken = true;
  }
  return code;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += (stats?.unexpected ?? 0) + (stats?.skipped ?? 0);
}

await step("type-check", "npm", ["run", "--silent", "typecheck"]);
await step("lint", "npm", ["run", "--silent", "lint"]);
await step("unit and integration tests (workerd)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${reports}/vitest.json`,
]);
countVitest(`${reports}/vitest.json`);
if ((await step("build", bin("react-router"), ["build"])) === 0) {
  await step("end-to-end tests (Chromium)", bin("playwright"), ["test"], {
    PW_JSON_OUTPUT: `${reports}/playwright.json`,
  });
  countPlaywright(`${reports}/playwright.json`);
  // The JavaScript budget of the public pages (scripts/size.mjs) is a check like any test.
  const budget = await step("JavaScript budget", "node", ["scripts/size.mjs", "--use-existing-build"]);
  if (budget === 0) passed += 1;
  else failed += 1;
  // What a request leaves behind in the Worker's isolate (scripts/memory.mjs), a check like any test.
  const memory = await step("memory a request leaves behind", "node", ["scripts/memory.mjs", "--use-existing-build"]);
  if (memory === 0) passed += 1;
  else failed += 1;
}

// The production deploy path: a production build through `wrangler deploy --dry-run --env
// production`, its bundle against the Workers limits (scripts/deploy-check.mjs), as one test.
const deploy = await step("production deploy (dry run) and Workers limits", "node", ["scripts/deploy-check.mjs"]);
if (deploy === 0) passed += 1;
else failed += 1;

// A failing step that is not a test (type-check, lint, build) still counts as a failure.
if (broken && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
