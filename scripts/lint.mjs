// `npm run lint`: ESLint (eslint.config.js: typescript-eslint, React hooks, jsx-a11y and the project's
// own rules: imports one way, no framework internals, no focused test), Prettier, and portable
// dependencies.
import { run } from "./lib.mjs";
import { platformSpecificDependencies } from "./portable-deps.mjs";

let problems = 0;
for (const dependency of platformSpecificDependencies(process.cwd())) {
  console.error(`package.json: ${dependency} installs on one platform only; require no platform-specific package`);
  problems += 1;
}

const linted = await run("npx", [
  "eslint",
  "--max-warnings",
  "0",
  "--cache",
  "--cache-location",
  "node_modules/.cache/eslint/",
  ".",
]);
const formatted = await run("npx", ["prettier", "--check", "--log-level", "warn", "."]);
process.exit(problems > 0 || linted !== 0 || formatted !== 0 ? 1 : 0);
