import type { Blok } from "./content-types";

/** Shortest text that describes a page on its own in a search result. */
const MIN_SUMMARY = 50;
/** What search results show of a description; a longer text is cut at a word. */
const MAX_SUMMARY = 160;

function plainText(node: unknown): string {
  if (!node || typeof node !== "object") return "";
  if ("text" in node && typeof node.text === "string" && "type" in node && node.type === "text") return node.text;
  const content = "content" in node && Array.isArray(node.content) ? node.content : [];
  return content.map(plainText).join("");
}

/** The texts a page opens with, in reading order: its rich-text paragraphs and blocks' intros. */
function* openingTexts(blok: unknown): Generator<string> {
  if (!blok || typeof blok !== "object") return;
  if ("type" in blok && blok.type === "paragraph") {
    yield plainText(blok);
    return;
  }
  for (const [key, value] of Object.entries(blok)) {
    if (key === "seo") continue;
    if (key === "intro" && typeof value === "string") yield value;
    else if (Array.isArray(value)) for (const item of value) yield* openingTexts(item);
    else if (value && typeof value === "object") yield* openingTexts(value);
  }
}

/**
 * A description for a page whose editors wrote none: its first text long enough to stand on its
 * own, cut at a word near 160 characters; null when the page has no such text. Better than the
 * site's one description, which every such page would otherwise share.
 */
export function pageSummary(content: Blok): string | null {
  for (const raw of openingTexts(content)) {
    const text = raw.replace(/\s+/g, " ").trim();
    if (text.length < MIN_SUMMARY) continue;
    if (text.length <= MAX_SUMMARY) return text;
    const cut = text.slice(0, MAX_SUMMARY - 1);
    return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,;:.]+$/, "")}…`;
  }
  return null;
}
