import { VENUE } from "#app/lib/events/venue.ts";
import { buildImage } from "#app/lib/image.ts";
import type { JsonLdData } from "#app/lib/json-ld.tsx";
import type { ResolvedLink } from "#app/lib/rich-text/links.ts";
import { telHref } from "./format";
import { openingHoursSpecification } from "./opening-hours-spec";
import type { RestaurantFields } from "./restaurant";

/**
 * The schema.org Restaurant of a restaurant's page: name, cuisine, photo, phone, how to book
 * (the booking page's URL, or whether bookings are taken at all), the opening hours that name
 * weekdays and times, the price range when the content gives one, and the arena's address and
 * coordinates, with the arena as the place it is in. URLs are absolute on `origin`.
 */
export function restaurantJsonLd(
  restaurant: RestaurantFields,
  { origin, url, booking }: { origin: string; url: string; booking: ResolvedLink | null },
): JsonLdData {
  const image = restaurant.image?.filename ? buildImage(restaurant.image.filename, { width: 1200 }).src : null;
  const phone = telHref(restaurant.phone) ? restaurant.phone : null;
  const hours = openingHoursSpecification(restaurant.opening_hours);
  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    name: restaurant.name,
    url,
    ...(restaurant.cuisine ? { servesCuisine: restaurant.cuisine } : {}),
    ...(restaurant.summary ? { description: restaurant.summary } : {}),
    ...(image ? { image: [image.startsWith("/") ? `${origin}${image}` : image] } : {}),
    ...(phone ? { telephone: phone } : {}),
    acceptsReservations: booking?.external ? booking.href : Boolean(booking ?? phone),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    ...(restaurant.price_range.trim() ? { priceRange: restaurant.price_range.trim() } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: VENUE.streetAddress,
      postalCode: VENUE.postalCode,
      addressLocality: VENUE.locality,
      addressRegion: VENUE.region,
      addressCountry: VENUE.country,
    },
    geo: { "@type": "GeoCoordinates", ...VENUE.geo },
    containedInPlace: { "@type": "StadiumOrArena", name: VENUE.name },
  };
}
