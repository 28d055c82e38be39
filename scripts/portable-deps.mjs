// A laptop installs what package.json requires: a required dependency that declares `os` or `cpu`
// makes `npm install` refuse on every other platform (or run a binary that cannot execute there).
// Platform builds that a dependency pulls as its own optionalDependencies (workerd, esbuild and
// rolldown bindings) are skipped where they do not fit, so only the direct ones are checked.
import { readFileSync } from "node:fs";
import path from "node:path";

/** The project's direct dependencies (dependencies and devDependencies) that declare `os` or `cpu`. */
export function platformSpecificDependencies(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  return names.flatMap((name) => {
    const installed = JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8"));
    const declared = ["os", "cpu"].filter((field) => installed[field] !== undefined);
    return declared.length > 0
      ? [`${name} (${declared.map((field) => `${field}: ${installed[field]}`).join(", ")})`]
      : [];
  });
}
