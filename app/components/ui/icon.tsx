import type { ReactNode } from "react";

/**
 * A 24×24 icon drawn in the text colour, as inline SVG. Decorative: the control it sits in
 * carries the name. Inline rather than CSS masks with `data:` SVGs: each of those is an SVG
 * document of its own that the browser builds while styling the page, before the first paint
 * (35 ms on the event list, docs/performance.md "Paint first").
 */
export function Icon({ children, stroke }: { children: ReactNode; stroke?: number }) {
  const paint = stroke
    ? { fill: "none", stroke: "currentColor", strokeWidth: stroke, strokeLinecap: "round" as const }
    : { fill: "currentColor" };
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...paint}>
      {children}
    </svg>
  );
}
