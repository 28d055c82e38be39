/**
 * The only classes content may put on text. Editors pick styles and colours in the CMS; the
 * CMS sends class names (`styled`) and colours (`textStyle`, `highlight`); each known value
 * maps to a site class defined in app.css, and anything else is dropped, so content can never
 * reach an arbitrary class or inline style.
 */
const STYLED: Record<string, string> = {
  lead: "rt-lead",
  small: "rt-small",
  muted: "rt-muted",
  accent: "rt-accent",
  uppercase: "rt-uppercase",
};

/** Text colours by the hex value the editor's palette sends (brand colours from app.css). */
const TEXT_COLOURS: Record<string, string> = {
  "#0b3d91": "rt-color-primary",
  "#e4572e": "rt-color-accent",
  "#b42318": "rt-color-danger",
  "#475467": "rt-color-muted",
  "#101828": "rt-color-ink",
};

/** Highlight colours by hex value; an unknown colour keeps the default highlight. */
const HIGHLIGHTS: Record<string, string> = {
  "#fef08a": "rt-highlight-yellow",
  "#bbf7d0": "rt-highlight-green",
  "#bfdbfe": "rt-highlight-blue",
  "#fbcfe8": "rt-highlight-pink",
};

/** The style names an editor may pick (Storyblok's style options). */
export const RICH_TEXT_STYLES = Object.keys(STYLED);
/** The palettes, by the hex value the CMS sends: what an editor may pick, and nothing else is kept. */
export const TEXT_PALETTE = Object.keys(TEXT_COLOURS);
export const HIGHLIGHT_PALETTE = Object.keys(HIGHLIGHTS);

function lookup(table: Record<string, string>, value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const key = value.trim().toLowerCase();
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The site class for a `styled` mark's class name, if it is one of ours. */
export function styledClass(value: unknown): string | undefined {
  return lookup(STYLED, value);
}

/** The site class for a `textStyle` mark's colour, if it is in the palette. */
export function textColourClass(value: unknown): string | undefined {
  return lookup(TEXT_COLOURS, value);
}

/** The class of a `highlight` mark: its palette colour, or the default highlight. */
export function highlightClass(value: unknown): string {
  const colour = lookup(HIGHLIGHTS, value);
  return colour ? `rt-highlight ${colour}` : "rt-highlight";
}

/** A code block's language class (`language-ts`), only in the conventional shape. */
export function codeLanguageClass(value: unknown): string | undefined {
  return typeof value === "string" && /^language-[a-z0-9+#-]{1,20}$/i.test(value) ? value : undefined;
}

/** An id for an `anchor` mark, only in a shape that is safe in a URL fragment. */
export function anchorId(value: unknown): string | undefined {
  return typeof value === "string" && /^[a-z][a-z0-9_:.-]{0,63}$/i.test(value) ? value : undefined;
}

/** Paragraph and heading alignment: the editor's four choices, as classes (app/styles/rich-text.css), never a style. */
const ALIGNMENTS = ["left", "center", "right", "justify"];

export function alignClass(value: unknown): string | undefined {
  return ALIGNMENTS.includes(value as string) ? `rt-align-${String(value)}` : undefined;
}
