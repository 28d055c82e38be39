/**
 * The `sizes` of an image as wide as the page column (72rem at most). A module of its own, so a
 * route that only names it (an event page's hero) does not bring the image builder to the browser.
 */
export const COLUMN_SIZES = "(min-width: 72rem) 72rem, 100vw";
