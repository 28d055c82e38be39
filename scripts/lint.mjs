// `npm run lint`: formatting (Prettier) plus the project's own rules that no formatter knows.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { run } from "./lib.mjs";
import { platformSpecificDependencies } from "./portable-deps.mjs";

let problems = 0;
const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "app", "worker", "bloks", "tests"],
  { encoding: "utf8" },
)
  .split("\n")
  .filter((f) => /\.(ts|tsx)$/.test(f));

for (const file of files) {
  const text = readFileSync(file, "utf8");
  if (/\b(it|test|describe)\.(only|skip)\(/.test(text)) {
    console.error(`${file}: focused or skipped test`);
    problems += 1;
  }
  if (!file.endsWith(".test.ts") && !file.endsWith(".test.tsx") && /\bdebugger\b/.test(text)) {
    console.error(`${file}: debugger statement`);
    problems += 1;
  }
}

for (const dependency of platformSpecificDependencies(process.cwd())) {
  console.error(`package.json: ${dependency} installs on one platform only; require no platform-specific package`);
  problems += 1;
}

const formatted = await run("npx", ["prettier", "--check", "--log-level", "warn", "."]);
process.exit(problems > 0 || formatted !== 0 ? 1 : 0);
