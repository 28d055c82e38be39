import type { AppContext } from "#app/lib/context.server.ts";
import type { Blok } from "#app/lib/content-types.ts";
import { freeze, freezeNow, type Frozen } from "#app/lib/frozen.ts";
import type { BlokDataMap } from "./context";
import { resolveEventHero, resolveEventList, resolveUpcomingEvents } from "./events/data.server";
import { resolveJobOffers } from "./venue/job-offers.server";
import { resolveRestaurants } from "./venue/restaurants.server";

/** What a block's server-side data resolver receives. */
export interface BlokDataArgs {
  app: AppContext;
  url: URL;
}

/** Loads the data one block needs (e.g. the events matching its filters) on the server. */
export type BlokDataResolver = (blok: Blok, args: BlokDataArgs) => Promise<unknown>;

/**
 * Resolvers by block component name. A block kind that needs data beyond its own fields
 * registers one here and reads it with `WithBlokData` (bloks/context.tsx).
 */
export const blokDataResolvers: Record<string, BlokDataResolver> = {
  events: resolveEventList,
  upcoming_events: resolveUpcomingEvents,
  event_hero: resolveEventHero,
  restaurants: resolveRestaurants,
  job_offers: resolveJobOffers,
};

/** How many top-level blocks count as "above the fold": their data is awaited, the rest streamed. */
const ABOVE_THE_FOLD = 2;

function* walk(blok: Blok): Generator<Blok> {
  yield blok;
  for (const value of Object.values(blok)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      if (item && typeof item === "object" && "component" in item && "_uid" in item) yield* walk(item as Blok);
    }
  }
}

/**
 * Blocks whose data depends on the page's URL (the event list's filters and page) decide the
 * page's status, e.g. 404 for a view they refuse: always awaited, wherever they sit.
 */
const URL_DRIVEN = new Set(["events"]);

/** The first block of this kind in the story, in reading order; null when there is none. */
export function firstBlock(root: Blok, component: string): Blok | null {
  for (const blok of walk(root)) if (blok.component === component) return blok;
  return null;
}

/** Whether a block of this kind is anywhere in the story. */
export function hasBlock(root: Blok, component: string): boolean {
  return firstBlock(root, component) !== null;
}

/** How long the requests of one view share a block's data: the finest step its cards show. */
const SHARED_FOR_MS = 60_000;
/** Views kept per block: the event list has one per filter and page. */
const MAX_VIEWS_PER_BLOK = 100;

/**
 * Block data already resolved, per block object (one per content version: a publish brings new
 * ones), by language, minute and, for blocks driven by the URL, query. Upcoming events and the
 * hero change only as time passes or with a publish, so the requests of one minute share one
 * result and its JSON instead of each picking and writing the same cards.
 */
const shared = new WeakMap<Blok, Map<string, Promise<Frozen<unknown>>>>();

function frozenData(data: unknown): Frozen<unknown> {
  // Shared by many requests: written once, and read on the server without parsing.
  return typeof data === "object" && data !== null ? freeze(data) : freezeNow(data);
}

function resolveShared(resolver: BlokDataResolver, blok: Blok, args: BlokDataArgs): Promise<Frozen<unknown>> {
  // A preview's draft changes with each edit: resolved every time.
  if (args.app.preview) return resolver(blok, args).then(freezeNow);
  const minute = Math.floor(Date.now() / SHARED_FOR_MS);
  const query = URL_DRIVEN.has(blok.component) ? args.url.search : "";
  const key = `${args.app.lang}\n${minute}\n${query}`;
  let views = shared.get(blok);
  if (!views) shared.set(blok, (views = new Map()));
  const known = views.get(key);
  if (known) return known;
  // Earlier minutes are never asked for again; a bound all the same for the list's many views.
  for (const old of views.keys()) if (!old.startsWith(`${args.app.lang}\n${minute}\n`)) views.delete(old);
  if (views.size >= MAX_VIEWS_PER_BLOK) views.clear();
  const pending = resolver(blok, args).then(frozenData);
  views.set(key, pending);
  // A failure (a 404 for a refused view, an unavailable CMS) is not kept: the next request tries again.
  pending.catch(() => views.delete(key));
  return pending;
}

/**
 * Runs every resolver the story's blocks need. Data of the first blocks on the page is awaited
 * so the first paint is complete; everything below the fold is returned as promises to stream.
 * Each block's data is frozen (app/lib/frozen.ts: one JSON string for turbo-stream to write) and
 * shared by the requests of the same view for a minute (`resolveShared`).
 */
export async function resolveBlokData(root: Blok, args: BlokDataArgs): Promise<BlokDataMap> {
  const body = Array.isArray(root.body) ? (root.body as Blok[]) : [];
  const aboveTheFold = new Set(body.slice(0, ABOVE_THE_FOLD).flatMap((blok) => [...walk(blok)].map((b) => b._uid)));
  const entries: [string, unknown][] = [];
  for (const blok of walk(root)) {
    const resolver = blokDataResolvers[blok.component];
    if (!resolver) continue;
    const pending = resolveShared(resolver, blok, args);
    const awaited = aboveTheFold.has(blok._uid) || URL_DRIVEN.has(blok.component);
    // A failed below-the-fold resolver must not reject unobserved before React awaits it.
    if (!awaited) pending.catch(() => undefined);
    entries.push([blok._uid, awaited ? await pending : pending]);
  }
  return Object.fromEntries(entries);
}
