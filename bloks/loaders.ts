/**
 * How to load each block kind's component. The browser loads a block's code only when a page uses
 * it and wants it (one chunk per module, bloks/hydration.ts), so the first load of a page carries
 * none of it. Each loader names the one export it needs, so the bundler leaves the block's schema
 * (server-only) out of the chunk. A file of its own, fetched with the first block's code: the map
 * and the list of every block's files it carries stay out of the file every page loads.
 */
export const BLOK_LOADERS: Record<string, () => Promise<unknown>> = {
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
