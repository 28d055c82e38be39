import type { BlokComponent } from "./definition";
import { blokModulePath } from "./manifest";

/**
 * How the browser loads each block kind's component: one chunk per module, loaded only when a
 * page uses the kind and wants it (bloks/hydration.ts), so a page's first load carries no block
 * code. Only the default export is taken, so the bundler leaves each module's `blok` declaration
 * (its schema, server-only) out of the chunk. The same files as bloks/registry.server.ts reads;
 * a file of its own, fetched with the first block's code, so the list of every block's files
 * stays out of the file every page loads.
 */
const components = import.meta.glob<BlokComponent>(["./*.tsx", "!./*.test.tsx", "!./render.tsx", "!./context.tsx"], {
  import: "default",
});

/** The loader of a kind's component, if the kind has a module. */
export function blokLoader(kind: string): (() => Promise<BlokComponent>) | undefined {
  const path = blokModulePath(kind);
  return Object.hasOwn(components, path) ? components[path] : undefined;
}
