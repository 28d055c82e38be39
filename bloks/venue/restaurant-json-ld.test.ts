import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { restaurantSchema } from "./restaurant";
import { restaurantJsonLd } from "./restaurant-json-ld";

const restaurant = (fields: Record<string, unknown>) =>
  v.parse(restaurantSchema, { component: "restaurant", _uid: "r", name: "Forn", ...fields });
const at = { origin: "https://arena.example", url: "https://arena.example/en/restaurants/forn/" };

describe("a restaurant's structured data", () => {
  it("says bookings are not taken when there is neither a booking page nor a phone", () => {
    const data = restaurantJsonLd(restaurant({}), { ...at, booking: null });
    expect(data.acceptsReservations).toBe(false);
    expect(data).not.toHaveProperty("telephone");
    expect(data).not.toHaveProperty("image");
  });

  it("says bookings are taken by phone when there is only a phone", () => {
    const data = restaurantJsonLd(restaurant({ phone: "+34 960 000 102" }), { ...at, booking: null });
    expect(data.acceptsReservations).toBe(true);
    expect(data.telephone).toBe("+34 960 000 102");
  });

  it("gives the booking page when there is one, and a site image as an absolute URL", () => {
    const data = restaurantJsonLd(restaurant({ image: { filename: "/images/venue/restaurants/x-1200x800.svg" } }), {
      ...at,
      booking: { href: "https://booking.example.com/forn", external: true },
    });
    expect(data.acceptsReservations).toBe("https://booking.example.com/forn");
    expect(data.image).toEqual(["https://arena.example/images/venue/restaurants/x-1200x800.svg"]);
  });
});
