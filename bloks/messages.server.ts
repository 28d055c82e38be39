import type { MessageNamespace } from "#app/lib/i18n.ts";
import { ownValue } from "#app/lib/own-keys.ts";
import { kindsInStory } from "./story-kinds";
import { EVENT_CARD_MESSAGES, formMessages, NEWSLETTER_MESSAGES } from "#app/lib/messages.server.ts";

type Namespaces = readonly MessageNamespace[];

/** Shared pieces of several blocks (bloks/shared/). */
const CAROUSEL: Namespaces = ["PAGES.PREVIOUS", "PAGES.NEXT", "PAGES.CAROUSEL_HINT"];
const CARD: Namespaces = ["PAGES.APPLY", "PAGES.APPLY_FOR"];
const EVENT_SLIDER: Namespaces = [
  "EVENTS.ROLE_SLIDE",
  "EVENTS.SLIDE",
  "EVENTS.SLIDER_NEXT",
  "EVENTS.SLIDER_PAUSE",
  "EVENTS.SLIDER_PREVIOUS",
];

/**
 * The messages each block kind uses in the browser, by component name: a content page is sent
 * those of the blocks its story holds (docs/blocks.md). A new block kind gets an entry here
 * (bloks/messages.test.ts fails for a registered kind without one); `[]` when it shows no message.
 */
export const BLOK_MESSAGES: Record<string, Namespaces> = {
  page: [],
  text: [],
  grid_layout: [],
  faqs: [],
  contact: [...formMessages("contact"), "FORMS.PRIVACY_LABEL", "FORMS.COMMUNICATION_LABEL"],
  hospitality: [
    ...formMessages("hospitality"),
    "FORMS.PRIVACY_LABEL",
    "FORMS.MARKETING_LABEL",
    "FORMS.COMPANY_TYPE",
    "INTERESTED_IN",
  ],
  ticket_service: [...formMessages("refund-request"), "FORMS.PRIVACY_LABEL", "FORMS.DOCUMENT_HINT", "REFUND_REASON"],
  newsletter: NEWSLETTER_MESSAGES,
  events: [
    ...EVENT_CARD_MESSAGES,
    "EMPTY.EVENTS",
    "EMPTY.SEARCH_RESULTS",
    "EMPTY.FILTERED_EVENTS",
    "EVENTS.VIEW_ALL",
    "EVENTS.SEARCH_LABEL",
    "EVENTS.SEARCH_BUTTON",
    "EVENTS.CLEAR_SEARCH",
    "EVENTS.FILTERS",
    "EVENTS.CATEGORY_FILTER",
    "EVENTS.MONTH_FILTER",
    "EVENTS.ALL_CATEGORIES",
    "EVENTS.ALL_MONTHS",
    "EVENTS.RESULTS",
    "EVENTS.RESULTS_FOR",
    "EVENTS.PAGINATION",
    "EVENTS.PREVIOUS_PAGE",
    "EVENTS.NEXT_PAGE",
    "EVENTS.PAGE",
    "EVENTS.PAGE_OF",
  ],
  upcoming_events: [
    ...EVENT_CARD_MESSAGES,
    ...EVENT_SLIDER,
    "EMPTY.EVENTS",
    "EVENTS.ROLE_CAROUSEL",
    "EVENTS.UPCOMING_TITLE",
    "EVENTS.VIEW_ALL",
  ],
  event_hero: [...EVENT_CARD_MESSAGES, "EMPTY.EVENTS", "EVENTS.BUY_NOW", "EVENTS.HERO"],
  breadcrumbs: ["PAGES.BREADCRUMBS"],
  cards_carousel: [...CAROUSEL, ...CARD],
  featured_cards: CARD,
  iframe_embed: ["PAGES.EMBED_BLOCKED", "PAGES.EMBED_OPEN"],
  image_carousel: [...CAROUSEL, "PAGES.SLIDE", "EMPTY.IMAGES"],
  info_banner: ["PAGES.MORE"],
  restaurants: ["EMPTY.RESTAURANTS", "VENUE.RESTAURANTS"],
  restaurant: ["VENUE.RESTAURANTS"],
  sponsors: ["EMPTY.SPONSORS", "VENUE.SPONSORS"],
  job_offers: ["EMPTY.JOB_OFFERS", "VENUE.JOBS"],
  parking_rates: ["EMPTY.PARKING_RATES", "VENUE.PARKING"],
  menu: ["VENUE.MENU"],
};

/** What a preview adds: the problem markers and the bridge's label (bloks/render.tsx). */
const PREVIEW: Namespaces = ["BLOKS", "CONTENT.PREVIEW_LABEL"];

/**
 * The messages of a story's blocks. A preview gets every block's, because the editor may add any
 * block while the page is open (and previews are never cached).
 */
export function storyMessages(story: unknown, preview: boolean): MessageNamespace[] {
  const kinds = preview ? Object.keys(BLOK_MESSAGES) : kindsInStory(story);
  const namespaces = [...kinds].flatMap((kind) => ownValue(BLOK_MESSAGES, kind) ?? []);
  return preview ? [...namespaces, ...PREVIEW] : namespaces;
}
