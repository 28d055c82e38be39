/**
 * The arena's postal address as structured data (schema.org, calendar files). Not page text:
 * what visitors read comes from the message catalogues and the content.
 */
export const VENUE = {
  name: "Arena Valencia",
  streetAddress: "Avinguda de les Arts 1",
  postalCode: "46013",
  locality: "València",
  region: "Comunitat Valenciana",
  country: "ES",
  /** Where the "getting here" page's map marks the arena (a test keeps the two equal). */
  geo: { latitude: 39.455, longitude: -0.352 },
} as const;

/** The address on one line: "Avinguda de les Arts 1, 46013 València". */
export const VENUE_ADDRESS_LINE = `${VENUE.streetAddress}, ${VENUE.postalCode} ${VENUE.locality}`;
