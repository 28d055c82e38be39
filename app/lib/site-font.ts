import siteFontUrl from "@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2?url";

/**
 * Archivo, the site's face (docs/design.md, "Font"): one variable file, Latin, weights 100-900.
 *
 * A visitor's first page is drawn in its metric-matched fallback ("Archivo Fallback", tokens.css)
 * and keeps it while it is read. Once it has loaded and the visitor does something on it, the
 * browser prefetches the file (app/lib/site-font.server.ts), and the pages after it are in Archivo:
 * - a client navigation loads the face (from that cache) and adds it as its page renders, when
 *   the face is there by then (`fetchSiteFont`, `adoptFetchedSiteFont`);
 * - a full load that comes from another page of the site declares the face in its first frame
 *   (app/lib/site-font.server.ts).
 * Why: the 35 kB file competed with the first page's hero image, and when it landed after the
 * first layout the page was laid out again (docs/performance.md, "The web font on the first page").
 */
export const SITE_FONT = {
  family: "Archivo",
  url: siteFontUrl,
  /** `optional`: a face that misses the first layout is not swapped in while the page is read. */
  descriptors: { style: "normal", weight: "100 900", display: "optional" },
} as const;

/**
 * How long a client navigation, its data in, still waits for a face that is on its way: the file
 * comes from the browser's cache when the first page's prefetch is done, in a few milliseconds.
 * A face later than that is left to the navigation after.
 */
const SITE_FONT_WAIT_MS = 100;

let loading: Promise<FontFace | undefined> | undefined;

/**
 * Loads the face without using it yet, unless the page already declares it (the server did). A
 * failure only means the fallback stays.
 */
export function fetchSiteFont(): void {
  for (const face of document.fonts) if (face.family == SITE_FONT.family) return;
  loading = new FontFace(SITE_FONT.family, `url(${SITE_FONT.url})`, SITE_FONT.descriptors)
    .load()
    .catch(() => undefined);
}

/** From the page a client navigation is about to render on, text is in Archivo (adding twice is a no-op). */
export async function adoptFetchedSiteFont(): Promise<void> {
  const face = await Promise.race([loading, new Promise<undefined>((late) => setTimeout(late, SITE_FONT_WAIT_MS))]);
  if (face) document.fonts.add(face);
}
