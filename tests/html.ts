import { parseHTML } from "linkedom";

/**
 * The markup of a page or a rendered component as a DOM to query (`querySelector`, `textContent`,
 * `getAttribute`, `closest`…), so tests assert on elements and attributes instead of matching the
 * HTML's text with regular expressions. workerd has no `DOMParser`; linkedom parses without one.
 * A fragment (a component's markup) is parsed into the body.
 */
export function parseHtml(html: string): Document {
  const markup = /^\s*(<!doctype|<html[\s>])/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`;
  return parseHTML(markup).document as unknown as Document;
}

/** The elements matching `selector`, as an array. */
export function all(root: ParentNode, selector: string): Element[] {
  return [...root.querySelectorAll(selector)];
}

/** The one element matching `selector`; fails the test, naming the selector, when there is none. */
export function one(root: ParentNode, selector: string): Element {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`no element matches ${selector}`);
  return found;
}

/** An element's text with runs of white space as one space, trimmed (what a reader sees, roughly). */
export function textOf(element: Element | null | undefined): string {
  return (element?.textContent ?? "").replace(/\s+/g, " ").trim();
}
