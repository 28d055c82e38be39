import type { Page } from "@playwright/test";

/** One layout-shift entry as the page recorded it: when, how much, and what moved. */
export interface LayoutShift {
  startTime: number;
  value: number;
  sources: {
    /** `img.event-hero__image`, or `text` for a text node. */
    node: string;
    /**
     * Its own box changed (width or horizontal position), not only its place in the page's flow:
     * an image that jumps column or grows, rather than one pushed down by content above it.
     */
    ownBoxChanged: boolean;
  }[];
}

/**
 * Records every layout shift of the pages the tab loads from now on, from their very first frame
 * (an init script, so nothing is missed before the test can ask). Read them with
 * {@link layoutShifts}. Shared by the specs that promise a page never moves what it has painted.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        shifts.push({
          startTime: entry.startTime,
          value: entry.value,
          sources: entry.sources.map((source) => ({
            // `getAttribute`: an SVG element's `className` is an object, not its classes.
            node:
              source.node instanceof Element
                ? `${source.node.localName}.${source.node.getAttribute("class") ?? ""}`
                : "text",
            ownBoxChanged:
              source.previousRect.width !== source.currentRect.width || source.previousRect.x !== source.currentRect.x,
          })),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shifts of the current page so far (see {@link recordLayoutShifts}). */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts);
}
