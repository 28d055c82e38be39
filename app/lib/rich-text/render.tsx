import { createElement, Fragment, type ReactNode } from "react";
import { useInRouterContext } from "react-router";
import { AppLink } from "#app/components/app-link.tsx";
import type { Lang } from "#app/lib/languages.ts";
import { alignClass, anchorId, codeLanguageClass, highlightClass, styledClass, textColourClass } from "./classes";
import { resolveLink } from "./links";
import { renderBloks, renderEmoji, renderImage } from "./media";
import type { RichTextMark, RichTextNode } from "./schema";
import { renderTable } from "./table";

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
  const { href, target, title } = link;
  if (inRouter && !link.external) return <AppLink {...{ to: href, target, title }}>{children}</AppLink>;
  return (
    <a href={href} rel={link.external ? "noopener noreferrer" : undefined} target={target} title={title}>
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
      return <p className={alignClass(node.attrs?.textAlign)}>{children()}</p>;
    case "heading":
      return createElement(headingTag(node.attrs?.level), { className: alignClass(node.attrs?.textAlign) }, children());
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
      return renderTable(node, (nodes) => renderChildren(nodes, context));
    case "text":
      // A linked text node with no paragraph around it (the document's root) still links.
      return linkMarkOf(node) ? renderChildren([node], context) : renderText(node);
    default:
      // An unknown node keeps whatever text it holds rather than losing it.
      return <>{children()}</>;
  }
}
