import type { AppContext } from "../app/lib/context.server";
import type { Blok } from "../app/lib/content-types";
import { freezeNow } from "../app/lib/frozen";
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

/** Whether a block of this kind is anywhere in the story. */
export function hasBlock(root: Blok, component: string): boolean {
  for (const blok of walk(root)) if (blok.component === component) return true;
  return false;
}

/**
 * Runs every resolver the story's blocks need. Data of the first blocks on the page is awaited
 * so the first paint is complete; everything below the fold is returned as promises to stream.
 * Each block's data is frozen (app/lib/frozen.ts: one JSON string for turbo-stream to write).
 */
export async function resolveBlokData(root: Blok, args: BlokDataArgs): Promise<BlokDataMap> {
  const body = Array.isArray(root.body) ? (root.body as Blok[]) : [];
  const aboveTheFold = new Set(body.slice(0, ABOVE_THE_FOLD).flatMap((blok) => [...walk(blok)].map((b) => b._uid)));
  const entries: [string, unknown][] = [];
  for (const blok of walk(root)) {
    const resolver = blokDataResolvers[blok.component];
    if (!resolver) continue;
    const pending = resolver(blok, args).then(freezeNow);
    const awaited = aboveTheFold.has(blok._uid) || URL_DRIVEN.has(blok.component);
    // A failed below-the-fold resolver must not reject unobserved before React awaits it.
    if (!awaited) pending.catch(() => undefined);
    entries.push([blok._uid, awaited ? await pending : pending]);
  }
  return Object.fromEntries(entries);
}
