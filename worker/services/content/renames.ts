import * as v from "valibot";
import type { DatasourceEntry } from "#app/lib/content-source.ts";
import { LANGUAGES } from "#app/lib/languages.ts";
import { storyPath } from "#app/lib/rich-text/links.ts";
import { contentKeys } from "./keys";
import { usesStoryblok } from "./settings";
import { siteVersion } from "./version";

/** Enough for years of renames; the oldest go first (editors can still add a rule by hand). */
const MAX_RENAMED_PATHS = 1_000;

const RenamedPathsSchema = v.array(v.object({ from: v.string(), to: v.string() }));
type RenamedPath = v.InferOutput<typeof RenamedPathsSchema>[number];

async function readRenamedPaths(kv: KVNamespace): Promise<RenamedPath[]> {
  const parsed = v.safeParse(RenamedPathsSchema, await kv.get(contentKeys.renamedPaths, "json"));
  return parsed.success ? parsed.output : [];
}

/**
 * Records that a published story moved from `oldSlugs` (where it was last cached) to `newSlug`: each old path answers 301 to the new one from now on. A story renamed back drops
 * the rule that would send its live path away. Idempotent.
 */
export async function recordRename(kv: KVNamespace, oldSlugs: Iterable<string>, newSlug: string): Promise<void> {
  const added: RenamedPath[] = [];
  // A story's slug is the same in every language: a path seen in one moved in all three.
  for (const old of new Set(oldSlugs)) {
    if (old === newSlug) continue;
    for (const lang of LANGUAGES) added.push({ from: storyPath(old, lang), to: storyPath(newSlug, lang) });
  }
  if (added.length === 0) return;
  const live = new Set(added.map((rename) => rename.to));
  const replaced = new Set(added.map((rename) => rename.from));
  const kept = (await readRenamedPaths(kv)).filter((rename) => !live.has(rename.from) && !replaced.has(rename.from));
  await kv.put(contentKeys.renamedPaths, JSON.stringify([...kept, ...added].slice(-MAX_RENAMED_PATHS)));
}

let known: { version: string; entries: DatasourceEntry[] } | null = null;

/**
 * The renamed stories' old paths as redirect entries (301), read once per site version: a
 * rename always comes with a publish, which moves the version on.
 */
export async function renamedPathEntries(env: Env): Promise<DatasourceEntry[]> {
  if (!usesStoryblok(env)) return [];
  const version = await siteVersion(env);
  if (known?.version === version) return known.entries;
  const entries = (await readRenamedPaths(env.CACHE)).map((rename) => ({
    name: rename.from,
    value: rename.to,
    dimensionValue: null,
  }));
  known = { version, entries };
  return entries;
}

let merged: { renamed: DatasourceEntry[]; rules: DatasourceEntry[]; entries: DatasourceEntry[] } | null = null;

/**
 * The redirect entries of a request: the renamed paths first, then the editors' rules, so a rule
 * an editor wrote for the same path wins. The same array while neither list changes, so the
 * redirect table is not rebuilt on every request.
 */
export function withRenamedPaths(renamed: DatasourceEntry[], rules: DatasourceEntry[]): DatasourceEntry[] {
  if (renamed.length === 0) return rules;
  if (merged?.renamed === renamed && merged.rules === rules) return merged.entries;
  merged = { renamed, rules, entries: [...renamed, ...rules] };
  return merged.entries;
}
