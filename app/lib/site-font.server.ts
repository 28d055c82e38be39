import { SITE_FONT } from "./site-font";

/**
 * The site font on a full page load (app/lib/site-font.ts): declared in the first frame only when
 * the visitor comes from another page of this site, which had the browser prefetch the file. The
 * browser says so in `Sec-Fetch-Site` (every current engine sends it); a page opened from a
 * search result, a link elsewhere or the address bar is a first page, and so is one without the
 * header. Crawlers never get the face: it changes nothing they read.
 */
export function declaresSiteFont(request: Request, isCrawler: boolean): boolean {
  return !isCrawler && request.headers.get("Sec-Fetch-Site") === "same-origin";
}

/** The face as the first frame declares it, ahead of the page's inlined stylesheet. */
export const SITE_FONT_FACE_CSS = `@font-face{font-family:${SITE_FONT.family};font-style:${SITE_FONT.descriptors.style};font-weight:${SITE_FONT.descriptors.weight};font-display:${SITE_FONT.descriptors.display};src:url(${SITE_FONT.url}) format("woff2")}`;

/**
 * A page that declares the face preloads its file by a response header (no bytes in the page's
 * scripts): with `optional`, a preloaded face holds the first paint until it arrives (from the
 * browser's cache), so the page is laid out once, in Archivo.
 */
export const SITE_FONT_PRELOAD = `<${SITE_FONT.url}>; rel=preload; as=font; type="font/woff2"; crossorigin`;

/**
 * A first page has the browser prefetch the file for the pages that follow, once it has loaded and
 * the visitor does something on it (`VISITOR_USES`, ./deferred-images.ts):
 * nothing competes with the page while it loads, and a visitor who leaves without touching it
 * costs no 35 kB.
 * - Not by a `Link` header: Chromium starts those at once, and 35 kB at the lowest priority still
 *   took bandwidth from the lead image.
 * - Not at the load event: a request then still lengthened the load Lighthouse measures
 *   (docs/performance.md, "The web font on the first page").
 * Runs in the browser, from the page's module script (./hydrate-after-paint.server.ts), sent as
 * its source: it uses nothing from outside itself.
 */
export function prefetchSiteFontOnFirstUse(href: string, family: string, uses: readonly string[]): void {
  const prefetch = () => {
    for (const use of uses) removeEventListener(use, prefetch, true);
    for (const face of document.fonts) if (face.family == family) return;
    document.head.appendChild(
      Object.assign(document.createElement("link"), { rel: "prefetch", as: "font", crossOrigin: "", href }),
    );
  };
  addEventListener(
    "load",
    () => {
      for (const use of uses) addEventListener(use, prefetch, { capture: true, passive: true });
    },
    { once: true },
  );
}

/** The page varies by that header: caches must not hand one variant to the other's requests. */
export const SITE_FONT_VARY = "Sec-Fetch-Site";
