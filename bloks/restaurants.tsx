import { useLocation } from "react-router";
import * as v from "valibot";
import { AppLink } from "#app/components/app-link.tsx";
import { ContentImage } from "#app/components/content-image.tsx";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { RichText } from "#app/lib/rich-text.tsx";
import { JsonLd, useSiteOrigin } from "#app/lib/json-ld.tsx";
import { resolveLink, type ResolvedLink } from "#app/lib/rich-text/links.ts";
import { WithBlokData } from "./context";
import { ContentLink } from "./shared/content-link";
import { telHref } from "./venue/format";
import { Gallery } from "./venue/gallery";
import { OpeningHours } from "./venue/opening-hours";
import { restaurantJsonLd } from "./venue/restaurant-json-ld";
import { restaurantSchema, type RestaurantCardData, type RestaurantFields } from "./venue/restaurant";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { BlokDefinition } from "./definition";

export const restaurantsSchema = v.looseObject({
  component: v.literal("restaurants"),
  _uid: v.string(),
  title: v.optional(v.string(), ""),
  /** The folder whose restaurant pages are listed (default `restaurants/`); read by the server resolver. */
  folder: v.optional(
    v.pipe(
      v.string(),
      v.description("The folder of the restaurant pages to list (restaurants). Empty: the restaurants folder."),
    ),
    "",
  ),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: restaurantsSchema,
  messages: ["EMPTY.RESTAURANTS", "VENUE.RESTAURANTS"],
  styles: ["venue"],
} satisfies BlokDefinition;
export { Restaurants as default };

/** The restaurant detail's declaration (its kind's module, bloks/restaurant.tsx, re-exports it with the component). */
export const restaurantDefinition = {
  schema: restaurantSchema,
  messages: ["VENUE.RESTAURANTS"],
  styles: ["venue"],
} satisfies BlokDefinition;

/** A restaurant in the list: photo, name (the link to its page), cuisine, where and when. */
function RestaurantCard({ restaurant, headingLevel }: { restaurant: RestaurantCardData; headingLevel: 2 | 3 }) {
  const { t } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="restaurant-card">
      <ContentImage
        className="restaurant-card__image"
        src={restaurant.image?.filename}
        alt={restaurant.image?.alt ?? ""}
        width={640}
        height={427}
        sizes="(min-width: 48rem) 33vw, 100vw"
      />
      <div className="restaurant-card__body">
        <Heading className="restaurant-card__name">
          <AppLink to={restaurant.path}>{restaurant.name}</AppLink>
        </Heading>
        {restaurant.summary ? <p>{restaurant.summary}</p> : null}
        <dl className="venue-facts">
          {restaurant.cuisine ? (
            <div>
              <dt>{t("VENUE.RESTAURANTS.CUISINE")}</dt>
              <dd>{restaurant.cuisine}</dd>
            </div>
          ) : null}
          {restaurant.location ? (
            <div>
              <dt>{t("VENUE.RESTAURANTS.LOCATION")}</dt>
              <dd>{restaurant.location}</dd>
            </div>
          ) : null}
          {restaurant.openingHours.length > 0 ? (
            <div>
              <dt>{t("VENUE.RESTAURANTS.OPENING_HOURS")}</dt>
              <dd>
                <OpeningHours hours={restaurant.openingHours} />
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
    </article>
  );
}

/** Placeholder cards with the final card size while the list streams in. */
function RestaurantsSkeleton() {
  return (
    <ul className="restaurant-list" aria-hidden="true">
      {[0, 1, 2].map((n) => (
        <li key={n} className="restaurant-card restaurant-card--skeleton" />
      ))}
    </ul>
  );
}

/** The arena's restaurants, read from the restaurant pages in a folder (bloks/venue/restaurants.server.ts). */
export function Restaurants({ blok }: { blok: v.InferOutput<typeof restaurantsSchema> }) {
  const { t } = useI18n();
  const headingId = `restaurants-${blok._uid}`;
  const empty = <p className="blok-empty">{t("EMPTY.RESTAURANTS")}</p>;
  return (
    <section className="blok-restaurants" aria-labelledby={blok.title ? headingId : undefined}>
      {blok.title ? <h2 id={headingId}>{blok.title}</h2> : null}
      <WithBlokData<RestaurantCardData[]> uid={blok._uid} fallback={<RestaurantsSkeleton />} errorElement={empty}>
        {(restaurants) =>
          restaurants.length === 0 ? (
            empty
          ) : (
            <ul className="restaurant-list">
              {restaurants.map((restaurant) => (
                <li key={restaurant.path}>
                  <RestaurantCard restaurant={restaurant} headingLevel={blok.title ? 3 : 2} />
                </li>
              ))}
            </ul>
          )
        }
      </WithBlokData>
    </section>
  );
}

/** How to book: the reservation page, a phone number, or a note that no booking is needed. */
function Reservation({ restaurant, link }: { restaurant: RestaurantFields; link: ResolvedLink | null }) {
  const { t } = useI18n();
  const tel = telHref(restaurant.phone);
  if (!link && !tel) return <p>{t("VENUE.RESTAURANTS.WALK_IN")}</p>;
  return (
    <div className="restaurant__reservation">
      {link ? (
        <ContentLink
          link={link}
          className={buttonClass({ variant: "primary" })}
          ariaLabel={t("VENUE.RESTAURANTS.BOOK_AT", { name: restaurant.name })}
        >
          {t("VENUE.RESTAURANTS.BOOK")}
        </ContentLink>
      ) : null}
      {tel ? <a href={tel}>{t("VENUE.RESTAURANTS.CALL", { phone: restaurant.phone })}</a> : null}
    </div>
  );
}

/** The link back to the list: the restaurant page's parent path (`/en/restaurants/x/` → `/en/restaurants/`). */
function parentPath(pathname: string): string {
  return pathname.replace(/[^/]+\/?$/, "");
}

/** A restaurant's own page: photo, description, opening hours, location, how to book, gallery. */
export function Restaurant({ blok }: { blok: RestaurantFields }) {
  const { t, lang } = useI18n();
  const { pathname } = useLocation();
  const origin = useSiteOrigin();
  const booking = blok.reservation_link ? resolveLink(blok.reservation_link, lang) : null;
  const galleryId = `gallery-${blok._uid}`;
  return (
    <article className="blok-restaurant restaurant">
      <JsonLd data={restaurantJsonLd(blok, { origin, url: `${origin}${pathname}`, booking })} />
      <p className="restaurant__back">
        <AppLink to={parentPath(pathname)}>{t("VENUE.RESTAURANTS.ALL")}</AppLink>
      </p>
      <h1>{blok.name}</h1>
      {blok.cuisine ? <p className="restaurant__cuisine">{blok.cuisine}</p> : null}
      <ContentImage
        className="restaurant__image"
        src={blok.image?.filename}
        alt={blok.image?.alt ?? ""}
        width={1200}
        height={800}
        sizes="(min-width: 72rem) 72rem, 100vw"
        loading="eager"
      />
      <div className="restaurant__columns">
        <div className="restaurant__description">
          {blok.description ? <RichText document={blok.description} /> : <p>{blok.summary}</p>}
        </div>
        <dl className="venue-facts restaurant__facts">
          {blok.opening_hours.length > 0 ? (
            <div>
              <dt>{t("VENUE.RESTAURANTS.OPENING_HOURS")}</dt>
              <dd>
                <OpeningHours hours={blok.opening_hours} />
              </dd>
            </div>
          ) : null}
          {blok.location ? (
            <div>
              <dt>{t("VENUE.RESTAURANTS.LOCATION")}</dt>
              <dd>{blok.location}</dd>
            </div>
          ) : null}
          {blok.price_range.trim() ? (
            <div>
              <dt>{t("VENUE.RESTAURANTS.PRICE_RANGE")}</dt>
              <dd>{blok.price_range}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("VENUE.RESTAURANTS.RESERVATION")}</dt>
            <dd>
              <Reservation restaurant={blok} link={booking} />
            </dd>
          </div>
        </dl>
      </div>
      {blok.gallery.some((image) => image.filename) ? (
        <section aria-labelledby={galleryId}>
          <h2 id={galleryId}>{t("VENUE.RESTAURANTS.GALLERY")}</h2>
          <Gallery images={blok.gallery} />
        </section>
      ) : null}
    </article>
  );
}
