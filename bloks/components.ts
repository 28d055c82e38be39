import { lazy, type ComponentType, type LazyExoticComponent } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block takes its own parsed props
type BlokComponent = ComponentType<{ blok: any }>;

/**
 * Which module and export render each block kind. The browser loads a block's code only when a
 * page uses it (one chunk per module), so the first load of a page carries just its own blocks.
 */
const BLOK_MODULES: Record<string, { file: string; name: string }> = {
  page: { file: "./page.tsx", name: "Page" },
  text: { file: "./text.tsx", name: "Text" },
  contact: { file: "./contact.tsx", name: "Contact" },
  hospitality: { file: "./hospitality.tsx", name: "Hospitality" },
  ticket_service: { file: "./ticket-service.tsx", name: "TicketService" },
  newsletter: { file: "./newsletter.tsx", name: "Newsletter" },
  events: { file: "./events.tsx", name: "Events" },
  upcoming_events: { file: "./upcoming-events.tsx", name: "UpcomingEvents" },
  breadcrumbs: { file: "./breadcrumbs.tsx", name: "Breadcrumbs" },
  cards_carousel: { file: "./cards-carousel.tsx", name: "CardsCarousel" },
  faqs: { file: "./faqs.tsx", name: "Faqs" },
  featured_cards: { file: "./featured-cards.tsx", name: "FeaturedCards" },
  grid_layout: { file: "./grid-layout.tsx", name: "GridLayout" },
  iframe_embed: { file: "./iframe-embed.tsx", name: "IframeEmbed" },
  image_carousel: { file: "./image-carousel.tsx", name: "ImageCarousel" },
  info_banner: { file: "./info-banner.tsx", name: "InfoBanner" },
  restaurants: { file: "./restaurants.tsx", name: "Restaurants" },
  restaurant: { file: "./restaurants.tsx", name: "Restaurant" },
  sponsors: { file: "./sponsors.tsx", name: "Sponsors" },
  job_offers: { file: "./job-offers.tsx", name: "JobOffers" },
  parking_rates: { file: "./parking-rates.tsx", name: "ParkingRates" },
  menu: { file: "./menu.tsx", name: "Menu" },
};

const modules = import.meta.glob<Record<string, unknown>>([
  "./*.tsx",
  "!./*.test.tsx",
  "!./render.tsx",
  "!./context.tsx",
]);

/** Components already loaded: on the server all of them (see `provideBlokComponents`), in the browser as chunks arrive. */
const ready = new Map<string, BlokComponent>();
const lazyComponents = new Map<string, LazyExoticComponent<BlokComponent>>();

function isComponent(value: unknown): value is BlokComponent {
  return typeof value === "function";
}

/** Loads the component of a block kind (its module's chunk in the browser). */
export async function loadBlokComponent(kind: string): Promise<BlokComponent> {
  const entry = BLOK_MODULES[kind];
  const load = entry ? modules[entry.file] : undefined;
  if (!entry || !load) throw new Error(`No module for block "${kind}"`);
  const component = (await load())[entry.name];
  if (!isComponent(component)) throw new Error(`${entry.file} does not export ${entry.name}`);
  ready.set(kind, component);
  return component;
}

/** The block kinds the browser knows how to load. */
export function blokKinds(): string[] {
  return Object.keys(BLOK_MODULES);
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
  if (!BLOK_MODULES[kind]) return null;
  const component = lazy(async () => ({ default: await loadBlokComponent(kind) }));
  lazyComponents.set(kind, component);
  return component;
}
