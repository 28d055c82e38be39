import { formMessages } from "#app/lib/messages.server.ts";
import { dictionary } from "#app/lib/own-keys.ts";
import type { BlokModule, RegisteredBlok } from "./definition";
import { BLOK_KINDS, blokModulePath } from "./manifest";

/** A registry: every block kind the site renders, by its CMS component name. */
export type BlokRegistry = Readonly<Record<string, RegisteredBlok>>;

/**
 * The registry of `kinds`, each from its module in `modules` (keyed as `import.meta.glob` keys
 * them). Throws for a kind without a module or a module without a kind: a block is either on the
 * site completely or not at all.
 */
export function createBlokRegistry(
  kinds: Iterable<string>,
  modules: Readonly<Record<string, BlokModule>>,
): BlokRegistry {
  const registry = dictionary<RegisteredBlok>();
  const unclaimed = new Set(Object.keys(modules));
  for (const kind of kinds) {
    const path = blokModulePath(kind);
    const module = Object.hasOwn(modules, path) ? modules[path] : undefined;
    if (!module?.definition || typeof module.default !== "function") {
      throw new Error(`Block "${kind}": ${path} must export its component (default) and its \`definition\``);
    }
    unclaimed.delete(path);
    const { schema, messages, form, styles } = module.definition;
    registry[kind] = {
      schema,
      messages: [...(form ? formMessages(form) : []), ...messages.flat()],
      styles,
      Component: module.default,
    };
  }
  if (unclaimed.size > 0) throw new Error(`Not in bloks/manifest.ts: ${[...unclaimed].join(", ")}`);
  return registry;
}

/** Every block module: the files of bloks/ but its tests and the two that render any block. */
const modules = import.meta.glob<BlokModule>(["./*.tsx", "!./*.test.tsx", "!./render.tsx", "!./context.tsx"], {
  eager: true,
});

/** The site's blocks. */
export const blokRegistry: BlokRegistry = createBlokRegistry(BLOK_KINDS, modules);
