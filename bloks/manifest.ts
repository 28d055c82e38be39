/**
 * Every block kind the CMS may send, by its component name: the one list the site derives its
 * blocks from (docs/blocks.md). A kind's module is `bloks/<name with dashes>.tsx`: its component
 * is the default export, and its `definition` export declares the rest (bloks/definition.ts). From this
 * list and those modules come the server's registry (bloks/registry.server.ts), the browser's
 * per-kind chunks (bloks/loaders.ts), the hydration roots (`.blok-<name with dashes>`,
 * bloks/hydration.ts), each page's messages and stylesheet parts, and `npm run cms:schema`.
 * Names only, so the file every page loads carries no more than these.
 */
export const BLOK_KINDS: ReadonlySet<string> = new Set([
  "page",
  "text",
  "contact",
  "hospitality",
  "ticket_service",
  "newsletter",
  "events",
  "upcoming_events",
  "event_hero",
  "breadcrumbs",
  "cards_carousel",
  "faqs",
  "featured_cards",
  "grid_layout",
  "iframe_embed",
  "image_carousel",
  "info_banner",
  "restaurants",
  "restaurant",
  "sponsors",
  "job_offers",
  "parking_rates",
  "menu",
]);

/** The file name of a kind's module and class name of its outermost element: dashes for underscores. */
export function blokSlug(kind: string): string {
  return kind.replaceAll("_", "-");
}

/** A kind's module, relative to bloks/ (as `import.meta.glob` names it). */
export function blokModulePath(kind: string): string {
  return `./${blokSlug(kind)}.tsx`;
}
