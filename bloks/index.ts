import type { ComponentType } from "react";
import type * as v from "valibot";
import { Breadcrumbs, breadcrumbsSchema } from "./breadcrumbs";
import { CardsCarousel, cardsCarouselSchema } from "./cards-carousel";
import { Faqs, faqsSchema } from "./faqs";
import { FeaturedCards, featuredCardsSchema } from "./featured-cards";
import { GridLayout, gridLayoutSchema } from "./grid-layout";
import { IframeEmbed, iframeEmbedSchema } from "./iframe-embed";
import { ImageCarousel, imageCarouselSchema } from "./image-carousel";
import { InfoBanner, infoBannerSchema } from "./info-banner";
import { Contact, contactSchema } from "./contact";
import { EventHero, eventHeroSchema } from "./event-hero";
import { Events, eventsSchema } from "./events";
import { Hospitality, hospitalitySchema } from "./hospitality";
import { Newsletter, newsletterSchema } from "./newsletter";
import { Page, pageSchema } from "./page";
import { Text, textSchema } from "./text";
import { JobOffers, jobOffersSchema } from "./job-offers";
import { Menu, menuSchema } from "./menu";
import { ParkingRates, parkingRatesSchema } from "./parking-rates";
import { Restaurant, Restaurants, restaurantSchema, restaurantsSchema } from "./restaurants";
import { Sponsors, sponsorsSchema } from "./sponsors";
import { TicketService, ticketServiceSchema } from "./ticket-service";
import { UpcomingEvents, upcomingEventsSchema } from "./upcoming-events";

/** One registry entry: the block's schema and the component that renders what it parsed. */
export interface BlokDefinition<S extends v.GenericSchema = v.GenericSchema> {
  schema: S;
  Component: ComponentType<{ blok: v.InferOutput<S> }>;
}

function define<S extends v.GenericSchema>(
  schema: S,
  Component: ComponentType<{ blok: v.InferOutput<S> }>,
): BlokDefinition {
  return { schema, Component } as unknown as BlokDefinition;
}

/** Every block kind the CMS may send, by its component name. */
export const registry: Record<string, BlokDefinition> = {
  page: define(pageSchema, Page),
  text: define(textSchema, Text),
  contact: define(contactSchema, Contact),
  hospitality: define(hospitalitySchema, Hospitality),
  ticket_service: define(ticketServiceSchema, TicketService),
  newsletter: define(newsletterSchema, Newsletter),
  events: define(eventsSchema, Events),
  upcoming_events: define(upcomingEventsSchema, UpcomingEvents),
  event_hero: define(eventHeroSchema, EventHero),
  breadcrumbs: define(breadcrumbsSchema, Breadcrumbs),
  cards_carousel: define(cardsCarouselSchema, CardsCarousel),
  faqs: define(faqsSchema, Faqs),
  featured_cards: define(featuredCardsSchema, FeaturedCards),
  grid_layout: define(gridLayoutSchema, GridLayout),
  iframe_embed: define(iframeEmbedSchema, IframeEmbed),
  image_carousel: define(imageCarouselSchema, ImageCarousel),
  info_banner: define(infoBannerSchema, InfoBanner),
  restaurants: define(restaurantsSchema, Restaurants),
  /** A restaurant's detail, the body of its page in the restaurants folder (bloks/venue/restaurant.ts). */
  restaurant: define(restaurantSchema, Restaurant),
  sponsors: define(sponsorsSchema, Sponsors),
  job_offers: define(jobOffersSchema, JobOffers),
  parking_rates: define(parkingRatesSchema, ParkingRates),
  menu: define(menuSchema, Menu),
};
