import siteFontUrl from "@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2?url";

/**
 * Archivo, the site's face (docs/design.md, "Font"): one variable file, Latin, weights 100-900.
 * Every page declares it in its inlined stylesheet (`SITE_FONT_FACE_CSS`, entry.server.tsx) and
 * preloads the file from its `<head>` (`SITE_FONT_PRELOAD`, root.tsx's `links`), so the first
 * page of a visit is in Archivo too, and a page is the same document for every visitor.
 *
 * `swap`: text is drawn at once in "Archivo Fallback" (app/styles/tokens.css), local Arial or
 * its twins scaled to Archivo's width and line metrics, and Archivo replaces it as soon as the
 * file is in; lines keep their breaks, so the swap moves nothing that Lighthouse or field data
 * count (tests/e2e/site-font.spec.ts). `optional` would keep layout shift at 0 even where no
 * matching local face exists, but a file that misses the first render (35 kB, often the case on
 * a phone's first visit) leaves the page, and the client navigations after it, in the fallback.
 * The file is immutable: later pages take it from the browser's cache.
 */
export const SITE_FONT = {
  family: "Archivo",
  url: siteFontUrl,
  descriptors: { style: "normal", weight: "100 900", display: "swap" },
} as const;

/** The face as each page declares it, ahead of the page's inlined stylesheet. */
export const SITE_FONT_FACE_CSS = `@font-face{font-family:${SITE_FONT.family};font-style:${SITE_FONT.descriptors.style};font-weight:${SITE_FONT.descriptors.weight};font-display:${SITE_FONT.descriptors.display};src:url(${SITE_FONT.url}) format("woff2")}`;

/**
 * The file's preload, a `links` descriptor. `crossOrigin`: fonts are fetched in CORS mode, and a
 * preload in another mode would be fetched twice.
 */
export const SITE_FONT_PRELOAD = {
  rel: "preload",
  href: SITE_FONT.url,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous",
} as const;
