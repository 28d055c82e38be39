import type { RichTextMark } from "./schema";
import { HIGHLIGHT_PALETTE, TEXT_PALETTE, highlightClass, textColourClass } from "./classes";

/**
 * The palette's colours as style options (`color-primary`, `highlight-yellow`…): Storyblok's
 * colour pickers offer any colour, so the content model offers the site's colours among the
 * styles instead, and the server turns such a `styled` mark into the colour mark the renderer
 * draws (`textStyle` or `highlight` with the palette's hex value).
 */
export const COLOUR_STYLES: ReadonlyMap<string, RichTextMark> = new Map([
  ...TEXT_PALETTE.map((hex): [string, RichTextMark] => [
    (textColourClass(hex) ?? "").replace(/^rt-/, ""),
    { type: "textStyle", attrs: { color: hex } },
  ]),
  ...HIGHLIGHT_PALETTE.map((hex): [string, RichTextMark] => [
    (highlightClass(hex).split(" ")[1] ?? "").replace(/^rt-/, ""),
    { type: "highlight", attrs: { color: hex } },
  ]),
]);

/** A `styled` mark that names a palette colour, as the renderer's colour mark; null for any other value. */
export function colourMarkOf(value: unknown): RichTextMark | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, attrs } = value as { type?: unknown; attrs?: unknown };
  if (type !== "styled" || typeof attrs !== "object" || attrs === null) return null;
  const name = (attrs as { class?: unknown }).class;
  return typeof name === "string" ? (COLOUR_STYLES.get(name.trim()) ?? null) : null;
}
