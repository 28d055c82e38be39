// The restaurant detail (the body of a restaurant's page, bloks/venue/restaurant.ts) shares its
// module with the restaurant list, whose card it links from.
export { Restaurant as default, restaurantDefinition as definition } from "./restaurants";
