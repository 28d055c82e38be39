import { lazy, type LazyExoticComponent } from "react";
import { loadCode } from "#app/lib/load-code.ts";
import type { BlokComponent } from "./definition";
import { whenBlokWanted } from "./hydration";
import { BLOK_KINDS } from "./manifest";

/** Components already loaded: on the server all of them (see `provideBlokComponents`), in the browser as chunks arrive. */
const ready = new Map<string, BlokComponent>();
const lazyComponents = new Map<string, LazyExoticComponent<BlokComponent>>();

function isComponent(value: unknown): value is BlokComponent {
  return typeof value === "function";
}

/** Loads the component of a block kind (its module's chunk in the browser). */
export async function loadBlokComponent(kind: string): Promise<BlokComponent> {
  const { blokLoader } = await import("./loaders");
  const load = blokLoader(kind);
  if (!load) throw new Error(`No module for block "${kind}"`);
  const component = await load();
  if (!isComponent(component)) throw new Error(`No component in the module for block "${kind}"`);
  ready.set(kind, component);
  return component;
}

/** The block kinds the browser knows how to load. */
export function blokKinds(): string[] {
  return [...BLOK_KINDS];
}

/**
 * The server renders every block synchronously (streaming, crawlers, tests): where it sets up
 * (app/entry.server.tsx), it hands over the registry's components once, so no server render ever
 * waits for a chunk.
 */
export function provideBlokComponents(registry: Readonly<Record<string, { Component: BlokComponent }>>): void {
  for (const [kind, { Component }] of Object.entries(registry)) ready.set(kind, Component);
}

const codes = new Map<string, { code: Promise<BlokComponent>; settled: Promise<BlokComponent | null> }>();

/**
 * A kind's code promises, made once per kind. On the server a kind's code is never wanted, so
 * they never settle: anything a render chained onto them would stay attached for the isolate's
 * life, one more reaction per request. Renders take `settled`, never chain their own.
 */
function codesOf(kind: string) {
  let entry = codes.get(kind);
  if (!entry) {
    const code = whenBlokWanted(kind).then(() => loadCode(() => loadBlokComponent(kind)));
    entry = { code, settled: code.catch(() => null) };
    codes.set(kind, entry);
  }
  return entry;
}

/** A block kind's component, loaded once its code is wanted (bloks/hydration.ts). */
export function blokCode(kind: string): Promise<BlokComponent> {
  return codesOf(kind).code;
}

/** The same, or null when the code cannot be loaded: the one promise a render waits on. */
export function blokCodeSettled(kind: string): Promise<BlokComponent | null> {
  return codesOf(kind).settled;
}

// In the browser a kind's code starts loading as soon as it is wanted, not once the block around
// it has hydrated and rendered it: blocks inside blocks load side by side.
if (typeof document !== "undefined") for (const kind of BLOK_KINDS) void blokCodeSettled(kind);

/**
 * The component for a block kind: the loaded one when available, else a lazy one that loads its
 * chunk once the kind's code is wanted (bloks/hydration.ts); hydration keeps the server's HTML
 * meanwhile. Null for a kind nobody registered.
 */
export function blokComponent(kind: string): BlokComponent | null {
  // Once a lazy wrapper exists it stays the kind's component: swapping it for the loaded one
  // would look like a new component type to React and remount the block, losing its state.
  const existing = lazyComponents.get(kind) ?? ready.get(kind);
  if (existing) return existing;
  if (!BLOK_KINDS.has(kind)) return null;
  const component = lazy(async () => ({ default: await blokCode(kind) }));
  lazyComponents.set(kind, component);
  return component;
}
