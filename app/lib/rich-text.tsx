import type { ReactNode } from "react";
import * as v from "valibot";

/** A rich-text node in the content service's document format. */
export interface RichTextNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: RichTextNode[];
}

export const RichTextSchema: v.GenericSchema<RichTextNode> = v.looseObject({
  type: v.string(),
  text: v.optional(v.string()),
  attrs: v.optional(v.record(v.string(), v.unknown())),
  marks: v.optional(v.array(v.looseObject({ type: v.string(), attrs: v.optional(v.record(v.string(), v.unknown())) }))),
  content: v.optional(v.array(v.lazy(() => RichTextSchema))),
});

function renderMarks(node: RichTextNode, key: number): ReactNode {
  let element: ReactNode = node.text ?? "";
  for (const mark of node.marks ?? []) {
    if (mark.type === "bold" || mark.type === "strong") element = <strong>{element}</strong>;
    else if (mark.type === "italic") element = <em>{element}</em>;
  }
  return <span key={key}>{element}</span>;
}

function renderNode(node: RichTextNode, key: number): ReactNode {
  const children = node.content?.map(renderNode);
  switch (node.type) {
    case "doc":
      return <>{children}</>;
    case "paragraph":
      return <p key={key}>{children}</p>;
    case "heading": {
      const level = Number(node.attrs?.level);
      const Tag = (level >= 1 && level <= 6 ? `h${level}` : "h2") as "h2";
      return <Tag key={key}>{children}</Tag>;
    }
    case "text":
      return renderMarks(node, key);
    default:
      return null;
  }
}

/** Renders a rich-text document to React elements (never to an HTML string). */
export function RichText({ document }: { document: RichTextNode }) {
  return <>{renderNode(document, 0)}</>;
}
