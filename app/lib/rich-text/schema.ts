import * as v from "valibot";

/** A mark on a text node (bold, link, …) in the content service's rich-text format. */
export interface RichTextMark {
  type: string;
  attrs?: Record<string, unknown> | null;
}

/** A rich-text node in the content service's document format (a ProseMirror/Tiptap tree). */
export interface RichTextNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown> | null;
  marks?: RichTextMark[];
  content?: RichTextNode[];
}

const AttrsSchema = v.optional(v.nullable(v.record(v.string(), v.unknown())));

const MarkSchema: v.GenericSchema<RichTextMark> = v.looseObject({ type: v.string(), attrs: AttrsSchema });

/**
 * The document's shape. Node types and attributes are checked where they are rendered,
 * so an unknown node or a bad attribute costs that one node, never the page.
 */
export const RichTextSchema: v.GenericSchema<RichTextNode> = v.looseObject({
  type: v.string(),
  text: v.optional(v.string()),
  attrs: AttrsSchema,
  marks: v.optional(v.array(MarkSchema)),
  content: v.optional(v.array(v.lazy(() => RichTextSchema))),
});
