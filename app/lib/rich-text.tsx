import { useI18n } from "./i18n-context";
import { renderNode } from "./rich-text/render";
import type { RichTextNode } from "./rich-text/schema";

export { RichTextSchema, type RichTextMark, type RichTextNode } from "./rich-text/schema";

/**
 * Renders a rich-text document to React elements, never to an HTML string: every node and
 * mark of the content service's format, links resolved and checked against the protocol
 * allowlist, embedded blocks through the block registry, images through the image builder.
 */
export function RichText({ document }: { document: RichTextNode }) {
  const { lang } = useI18n();
  return <>{renderNode(document, { lang })}</>;
}
