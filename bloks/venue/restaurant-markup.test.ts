import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { VENUE } from "#app/lib/events/venue.ts";
import { page } from "#tests/harness.ts";
import { all, one, wordsOf } from "#tests/html.ts";
import { restaurantSchema } from "./restaurant";
import { restaurantJsonLd } from "./restaurant-json-ld";

const at = { origin: "https://arena.example", url: "https://arena.example/en/restaurants/forn/", booking: null };

describe("a restaurant's markup is complete from its content", () => {
  it("gives opening hours that name weekdays, the price range, and where the arena is", () => {
    const restaurant = v.parse(restaurantSchema, {
      component: "restaurant",
      _uid: "r",
      name: "Forn",
      price_range: "20–35 €",
      opening_hours: [
        { component: "opening_hours", _uid: "a", days: "Monday to Friday", hours: "13:00–16:00" },
        { component: "opening_hours", _uid: "b", days: "Event days", hours: "From doors opening" },
      ],
    });
    expect(restaurantJsonLd(restaurant, at)).toMatchObject({
      priceRange: "20–35 €",
      geo: { "@type": "GeoCoordinates", latitude: 39.455, longitude: -0.352 },
      openingHoursSpecification: [
        {
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "13:00",
          closes: "16:00",
        },
      ],
    });
  });

  it("on each language's page, saying what the page shows", async () => {
    for (const [lang, label, price] of [
      ["es", "Precio medio", "25–40 €"],
      ["en", "Average price", "€25–40"],
      ["val", "Preu mitjà", "25–40 €"],
    ] as const) {
      const { response, document } = await page(`/${lang}/restaurants/la-terrassa/`);
      expect(response.status).toBe(200);
      const [data] = all(document, 'script[type="application/ld+json"]')
        .map((script) => JSON.parse(script.textContent ?? "null"))
        .filter((item) => item["@type"] === "Restaurant");
      expect(data).toMatchObject({
        priceRange: price,
        geo: { latitude: VENUE.geo.latitude, longitude: VENUE.geo.longitude },
        openingHoursSpecification: [{ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] }],
      });
      expect(wordsOf(one(document, ".restaurant__facts"))).toContain(`${label} ${price}`);
    }
  });

  it("places the arena where the 'getting here' map marks it", async () => {
    const { document } = await page("/en/getting-here/");
    const map = all(document, "iframe[src*='openstreetmap']")[0]?.getAttribute("src") ?? "";
    const marker = new URL(map).searchParams.get("marker")?.split(",").map(Number);
    expect(marker).toEqual([VENUE.geo.latitude, VENUE.geo.longitude]);
  });
});
