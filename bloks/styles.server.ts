import type { StylePart } from "#app/lib/page-styles.server.ts";

/**
 * The parts of the stylesheet each block kind needs beyond the shell's, by component name: a page
 * inlines those of the blocks its story holds (app/lib/page-styles.server.ts). A new block kind
 * gets an entry here (bloks/styles.test.ts fails for a registered kind without one); `[]` when the
 * shell's styles are enough (text, cards, carousels, FAQs, banners, forms and the rest of PAGES).
 */
export const BLOK_STYLES: Record<string, readonly StylePart[]> = {
  page: [],
  text: [],
  grid_layout: [],
  faqs: [],
  contact: [],
  hospitality: [],
  ticket_service: [],
  newsletter: [],
  breadcrumbs: [],
  cards_carousel: [],
  featured_cards: [],
  iframe_embed: [],
  image_carousel: [],
  info_banner: [],
  events: ["events"],
  upcoming_events: ["events"],
  event_hero: ["home", "events"],
  restaurants: ["venue"],
  restaurant: ["venue"],
  sponsors: ["venue"],
  job_offers: ["venue"],
  parking_rates: ["venue"],
  menu: ["venue"],
};
