import type { ReactNode } from "react";

/**
 * A 24×24 icon drawn in the text colour, as inline SVG: one path `d` (stroked, as `.icon` in
 * base.css says), or shapes of its own. Decorative: the control it sits in carries the name.
 * Inline rather than CSS masks with `data:` SVGs: each of those is an SVG document of its own
 * that the browser builds while styling the page, before the first paint (35 ms on the event
 * list, docs/performance.md "Paint first").
 */
export function Icon({ d, filled, children }: { d?: string; filled?: boolean; children?: ReactNode }) {
  return (
    <svg className={filled ? "icon icon--filled" : "icon"} viewBox="0 0 24 24" aria-hidden="true">
      {d ? <path d={d} /> : children}
    </svg>
  );
}
