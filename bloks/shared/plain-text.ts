import type { RichTextNode } from "#app/lib/rich-text.tsx";

/** Nodes after which a reader expects a break; their text is separated by a newline. */
const BLOCK_NODES = new Set(["paragraph", "heading", "list_item", "blockquote", "code_block", "tableRow"]);

/**
 * The readable text of a rich-text document, for places that cannot hold markup (structured
 * data, accessible names): text nodes in order, block nodes on their own lines.
 */
export function plainText(node: RichTextNode): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "hard_break") return "\n";
  const inner = (node.content ?? []).map(plainText).join("");
  return BLOCK_NODES.has(node.type) ? `${inner.trim()}\n` : inner;
}

/** {@link plainText} with runs of blank lines and spaces collapsed, ready to publish. */
export function plainTextOf(document: RichTextNode): string {
  return plainText(document)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
