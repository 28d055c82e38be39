import { createElement, Fragment, type ReactNode } from "react";
import { useInRouterContext } from "react-router";
import * as v from "valibot";
import { BlokView } from "../../../bloks/render";
import { AppLink } from "../../components/app-link";
import { ContentImage } from "../../components/content-image";
import { BlokSchema } from "../content-types";
import { COLUMN_SIZES } from "../image";
import type { Lang } from "../languages";
import { anchorId, codeLanguageClass, highlightClass, styledClass, textColourClass } from "./classes";
import { resolveLink } from "./links";
import type { RichTextMark, RichTextNode } from "./schema";

/** What every node needs to render: the page's language, for story links. */
export interface RenderContext {
  lang: Lang;
}

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

/** Same JSON whatever the key order, so two spellings of one link count as the same link. */
function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function linkMarkOf(node: RichTextNode | undefined): RichTextMark | undefined {
  return node?.type === "text" ? node.marks?.find((mark) => mark.type === "link") : undefined;
}

function ContentLink({ attrs, lang, children }: { attrs: unknown; lang: Lang; children: ReactNode }) {
  const inRouter = useInRouterContext();
  const link = resolveLink(attrs, lang);
  // A link that is hostile or leads nowhere keeps its text and loses the link.
  if (!link) return <>{children}</>;
  const external = link.external ? { rel: "noopener noreferrer", target: link.target } : {};
  if (inRouter && !link.external) return <AppLink to={link.href}>{children}</AppLink>;
  return (
    <a href={link.href} {...external}>
      {children}
    </a>
  );
}

function wrapInMark(mark: RichTextMark, inner: ReactNode): ReactNode {
  const attrs = mark.attrs ?? {};
  switch (mark.type) {
    case "bold":
    case "strong":
      return <strong>{inner}</strong>;
    case "italic":
      return <em>{inner}</em>;
    case "underline":
      return <u>{inner}</u>;
    case "strike":
      return <s>{inner}</s>;
    case "code":
      return <code>{inner}</code>;
    case "superscript":
      return <sup>{inner}</sup>;
    case "subscript":
      return <sub>{inner}</sub>;
    case "highlight":
      return <mark className={highlightClass(attrs.color)}>{inner}</mark>;
    case "styled": {
      const className = styledClass(attrs.class);
      return className ? <span className={className}>{inner}</span> : inner;
    }
    case "textStyle": {
      const className = textColourClass(attrs.color);
      return className ? <span className={className}>{inner}</span> : inner;
    }
    case "anchor": {
      const id = anchorId(attrs.id);
      return id ? <span id={id}>{inner}</span> : inner;
    }
    default:
      // Links are rendered around whole runs of text (see renderChildren); unknown marks add nothing.
      return inner;
  }
}

function renderText(node: RichTextNode): ReactNode {
  return (node.marks ?? []).reduce<ReactNode>((inner, mark) => wrapInMark(mark, inner), node.text ?? "");
}

/**
 * Renders sibling nodes. Consecutive text nodes carrying the same link become ONE link, so a
 * bold word inside a link does not split it into several anchors.
 */
export function renderChildren(nodes: readonly RichTextNode[] | undefined, context: RenderContext): ReactNode[] {
  const list = nodes ?? [];
  const rendered: ReactNode[] = [];
  let index = 0;
  while (index < list.length) {
    const node = list[index];
    const link = linkMarkOf(node);
    if (!node || !link) {
      if (node) rendered.push(<Fragment key={index}>{renderNode(node, context)}</Fragment>);
      index += 1;
      continue;
    }
    const signature = stableKey(link.attrs ?? {});
    let end = index + 1;
    while (end < list.length && stableKey(linkMarkOf(list[end])?.attrs ?? null) === signature) end += 1;
    rendered.push(
      <ContentLink key={index} attrs={link.attrs} lang={context.lang}>
        {list.slice(index, end).map((text, offset) => (
          <Fragment key={offset}>{renderText(text)}</Fragment>
        ))}
      </ContentLink>,
    );
    index = end;
  }
  return rendered;
}

const CellSpan = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)));
const CellAttrsSchema = v.looseObject({ colspan: CellSpan, rowspan: CellSpan });

function renderCell(cell: RichTextNode, key: number, scope: "col" | "row", context: RenderContext): ReactNode {
  const parsed = v.safeParse(CellAttrsSchema, cell.attrs ?? {});
  const colSpan = parsed.success && parsed.output.colspan !== 1 ? parsed.output.colspan : undefined;
  const rowSpan = parsed.success && parsed.output.rowspan !== 1 ? parsed.output.rowspan : undefined;
  const children = renderChildren(cell.content, context);
  if (cell.type === "tableHeader") {
    return (
      <th key={key} scope={scope} colSpan={colSpan} rowSpan={rowSpan}>
        {children}
      </th>
    );
  }
  return (
    <td key={key} colSpan={colSpan} rowSpan={rowSpan}>
      {children}
    </td>
  );
}

/** A first row made only of header cells is the table's head; a header cell opening a body row heads that row. */
function renderTable(table: RichTextNode, context: RenderContext): ReactNode {
  const rows = (table.content ?? []).filter((row) => row.type === "tableRow");
  const [firstRow] = rows;
  const head =
    firstRow?.content?.length && firstRow.content.every((cell) => cell.type === "tableHeader") ? firstRow : null;
  const body = head ? rows.slice(1) : rows;
  return (
    // The wrapper scrolls a wide table on small screens; being focusable, keyboards can scroll it too.
    <div className="rt-table" tabIndex={0}>
      <table>
        {head ? (
          <thead>
            <tr>{(head.content ?? []).map((cell, key) => renderCell(cell, key, "col", context))}</tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, rowKey) => (
            <tr key={rowKey}>
              {(row.content ?? []).map((cell, key) => renderCell(cell, key, key === 0 ? "row" : "col", context))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ImageAttrsSchema = v.looseObject({
  src: v.nullish(v.string()),
  alt: v.nullish(v.string()),
  title: v.nullish(v.string()),
  sizes: v.nullish(v.pipe(v.string(), v.regex(/^[\w\s(),.:%-]{1,200}$/))),
});

function renderImage(node: RichTextNode): ReactNode {
  const parsed = v.safeParse(ImageAttrsSchema, node.attrs ?? {});
  const attrs = parsed.success ? parsed.output : { src: null, alt: null, title: null, sizes: null };
  // The CMS's own srcset is ignored: ours is built from the asset and only holds safe URLs.
  return (
    <ContentImage
      className="rt-image"
      src={attrs.src}
      alt={attrs.alt ?? ""}
      title={attrs.title ?? undefined}
      sizes={attrs.sizes ?? COLUMN_SIZES}
    />
  );
}

const EmojiAttrsSchema = v.looseObject({ name: v.nullish(v.string()), emoji: v.nullish(v.string()) });

function renderEmoji(node: RichTextNode): ReactNode {
  const parsed = v.safeParse(EmojiAttrsSchema, node.attrs ?? {});
  if (!parsed.success) return null;
  const { name, emoji } = parsed.output;
  if (emoji) {
    return (
      <span className="rt-emoji" role="img" aria-label={name ?? undefined}>
        {emoji}
      </span>
    );
  }
  return name ? `:${name}:` : null;
}

const BlokAttrsSchema = v.looseObject({ body: v.optional(v.array(BlokSchema), []) });

/** Blocks embedded in the text render through the block registry, like the page's own blocks. */
function renderBloks(node: RichTextNode): ReactNode {
  const parsed = v.safeParse(BlokAttrsSchema, node.attrs ?? {});
  if (!parsed.success) {
    console.warn(`Invalid embedded blocks skipped: ${v.summarize(parsed.issues)}`);
    return null;
  }
  return (
    <div className="rt-blok">
      {parsed.output.body.map((blok) => (
        <BlokView key={blok._uid} blok={blok} />
      ))}
    </div>
  );
}

function headingTag(level: unknown): (typeof HEADINGS)[number] {
  const index = typeof level === "number" && Number.isInteger(level) ? level - 1 : 1;
  return HEADINGS[index] ?? "h2";
}

function orderedListStart(order: unknown): number | undefined {
  return typeof order === "number" && Number.isInteger(order) && order !== 1 ? order : undefined;
}

/** One node and its subtree, as React elements. */
export function renderNode(node: RichTextNode, context: RenderContext): ReactNode {
  const children = () => renderChildren(node.content, context);
  switch (node.type) {
    case "doc":
      return <>{children()}</>;
    case "paragraph":
      return <p>{children()}</p>;
    case "heading":
      return createElement(headingTag(node.attrs?.level), null, children());
    case "blockquote":
      return <blockquote>{children()}</blockquote>;
    case "bullet_list":
      return <ul>{children()}</ul>;
    case "ordered_list":
      return <ol start={orderedListStart(node.attrs?.order)}>{children()}</ol>;
    case "list_item":
      return <li>{children()}</li>;
    case "code_block":
      return (
        <pre>
          <code className={codeLanguageClass(node.attrs?.class)}>{children()}</code>
        </pre>
      );
    case "horizontal_rule":
      return <hr />;
    case "hard_break":
      return <br />;
    case "image":
      return renderImage(node);
    case "emoji":
      return renderEmoji(node);
    case "blok":
      return renderBloks(node);
    case "table":
      return renderTable(node, context);
    case "text":
      return renderText(node);
    default:
      // An unknown node keeps whatever text it holds rather than losing it.
      return <>{children()}</>;
  }
}
