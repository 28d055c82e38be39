/**
 * Images outside the first screen wait for the visitor (docs/performance.md, "Images wait for
 * the visitor").
 *
 * Chromium's own `loading="lazy"` fetches every image within 1250 px of the screen as the page
 * loads: on the home page that is the slider's seven pictures and seven illustrations, none of
 * them on a phone's first screen. Their fetches, decodes and paints (each SVG is a document of its
 * own, laid out on the main thread) took the cores from the page's first paint and hydration.
 *
 * So a lazy image is sent with an empty picture of its shape (`placeholderOf`) and its files in
 * `data-src`, `data-srcset` and `data-sizes` (`ResponsiveImg`), with a `<noscript>` copy for browsers without
 * scripts. This code gives it its files:
 * - at once when the image is on screen (a wide screen shows the slider at once);
 * - within `margin` of the screen (Chromium's own distance) once the visitor does something on
 *   the page: points, touches, scrolls or uses a key. A visitor who scrolls is never ahead of it;
 * - all of them before printing.
 * Images added later (a client-side navigation, a block that renders) are found as they enter the
 * document. Runs in the browser from the page's own script (./before-hydration.tsx), sent as
 * its source: it uses nothing from outside itself.
 */
export function revealImagesNearView(uses: readonly string[], margin: string): void {
  const waiting = "img[data-src]";
  const reveal = (image: HTMLImageElement) => {
    observer.unobserve(image);
    // `sizes` first: `srcset` picks the file by it.
    if (image.dataset.sizes) image.sizes = image.dataset.sizes;
    if (image.dataset.srcset) image.srcset = image.dataset.srcset;
    image.src = image.dataset.src ?? "";
    delete image.dataset.src;
    delete image.dataset.srcset;
    delete image.dataset.sizes;
  };
  const watchWithin = (rootMargin: string) =>
    new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) reveal(entry.target as HTMLImageElement);
      },
      // `scrollMargin` reaches into scrolled boxes too (the slider's next slides), where supported.
      { rootMargin, scrollMargin: rootMargin } as IntersectionObserverInit,
    );
  const watchAll = () => {
    for (const image of document.querySelectorAll<HTMLImageElement>(waiting)) observer.observe(image);
  };
  let observer = watchWithin("0px");
  watchAll();
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(waiting)) observer.observe(node);
        else for (const image of node.querySelectorAll(waiting)) observer.observe(image);
      }
    }
  }).observe(document, { childList: true, subtree: true });

  const widen = () => {
    for (const use of uses) removeEventListener(use, widen, true);
    observer.disconnect();
    observer = watchWithin(margin);
    watchAll();
  };
  for (const use of uses) addEventListener(use, widen, { capture: true, passive: true });
  // Printing shows the whole page: every image, fetched now (no longer lazy).
  addEventListener("beforeprint", () => {
    for (const image of document.querySelectorAll<HTMLImageElement>(waiting)) {
      image.loading = "eager";
      reveal(image);
    }
  });
}

/**
 * What counts as the visitor doing something on the page. Not `focusin`: the consent banner takes
 * focus by itself when it appears (a visitor who moves focus presses a key, points or touches).
 */
export const VISITOR_USES = ["pointerdown", "pointerover", "touchstart", "keydown", "scroll"] as const;

/** How near the screen an image gets its file once the visitor is using the page: Chromium's own lazy-loading distance on a fast connection. */
export const NEAR_VIEW_MARGIN = "1250px";

/**
 * The picture a waiting image shows: empty, with the image's shape, so the box is the image's
 * size (as `width` and `height` give it) and the page does not move when the file arrives. An
 * `<img>` must have a `src`. Images of one shape share it, so the browser reads it once.
 */
export function placeholderOf(width: number, height: number): string {
  // Quotes percent-encoded too: the attribute then needs no HTML escapes.
  return `data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20viewBox=%220%200%20${width}%20${height}%22/%3E`;
}
