import { lazy, type ComponentType, type LazyExoticComponent } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block takes its own parsed props
type BlokComponent = ComponentType<{ blok: any }>;

/**
 * How to load each block kind's component. The browser loads a block's code only when a page uses
 * it (one chunk per module), so the first load of a page carries just its own blocks. Each loader
 * names the one export it needs, so the bundler leaves the block's schema (server-only) out of the chunk.
 */
const BLOK_LOADERS: Record<string, () => Promise<unknown>> = {
  page: () => import("./page").then((module) => module.Page),
  text: () => import("./text").then((module) => module.Text),
  contact: () => import("./contact").then((module) => module.Contact),
  hospitality: () => import("./hospitality").then((module) => module.Hospitality),
  ticket_service: () => import("./ticket-service").then((module) => module.TicketService),
  newsletter: () => import("./newsletter").then((module) => module.Newsletter),
  events: () => import("./events").then((module) => module.Events),
  upcoming_events: () => import("./upcoming-events").then((module) => module.UpcomingEvents),
  event_hero: () => import("./event-hero").then((module) => module.EventHero),
  breadcrumbs: () => import("./breadcrumbs").then((module) => module.Breadcrumbs),
  cards_carousel: () => import("./cards-carousel").then((module) => module.CardsCarousel),
  faqs: () => import("./faqs").then((module) => module.Faqs),
  featured_cards: () => import("./featured-cards").then((module) => module.FeaturedCards),
  grid_layout: () => import("./grid-layout").then((module) => module.GridLayout),
  iframe_embed: () => import("./iframe-embed").then((module) => module.IframeEmbed),
  image_carousel: () => import("./image-carousel").then((module) => module.ImageCarousel),
  info_banner: () => import("./info-banner").then((module) => module.InfoBanner),
  restaurants: () => import("./restaurants").then((module) => module.Restaurants),
  restaurant: () => import("./restaurants").then((module) => module.Restaurant),
  sponsors: () => import("./sponsors").then((module) => module.Sponsors),
  job_offers: () => import("./job-offers").then((module) => module.JobOffers),
  parking_rates: () => import("./parking-rates").then((module) => module.ParkingRates),
  menu: () => import("./menu").then((module) => module.Menu),
};

/** Components already loaded: on the server all of them (see `provideBlokComponents`), in the browser as chunks arrive. */
const ready = new Map<string, BlokComponent>();
const lazyComponents = new Map<string, LazyExoticComponent<BlokComponent>>();

function isComponent(value: unknown): value is BlokComponent {
  return typeof value === "function";
}

/** Loads the component of a block kind (its module's chunk in the browser). */
export async function loadBlokComponent(kind: string): Promise<BlokComponent> {
  const load = BLOK_LOADERS[kind];
  if (!load) throw new Error(`No module for block "${kind}"`);
  const component = await load();
  if (!isComponent(component)) throw new Error(`The module of block "${kind}" does not export its component`);
  ready.set(kind, component);
  return component;
}

/** The block kinds the browser knows how to load. */
export function blokKinds(): string[] {
  return Object.keys(BLOK_LOADERS);
}

/**
 * The server renders every block synchronously (streaming, crawlers, tests): it hands over the
 * registry's components once, so no server render ever waits for a chunk.
 */
export function provideBlokComponents(components: Record<string, BlokComponent>): void {
  for (const [kind, component] of Object.entries(components)) ready.set(kind, component);
}

/**
 * The component for a block kind: the loaded one when available, else a lazy one that loads its
 * chunk (hydration keeps the server's HTML meanwhile). Null for a kind nobody registered.
 */
export function blokComponent(kind: string): BlokComponent | null {
  // Once a lazy wrapper exists it stays the kind's component: swapping it for the loaded one
  // would look like a new component type to React and remount the block, losing its state.
  const existing = lazyComponents.get(kind) ?? ready.get(kind);
  if (existing) return existing;
  if (!BLOK_LOADERS[kind]) return null;
  const component = lazy(async () => ({ default: await loadBlokComponent(kind) }));
  lazyComponents.set(kind, component);
  return component;
}
