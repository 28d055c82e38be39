import { parseHTML } from "linkedom";

/**
 * The markup of a page or a rendered component as a DOM to query (`querySelector`, `textContent`,
 * `getAttribute`, `closest`…), so tests assert on elements and attributes instead of matching the
 * HTML's text with regular expressions. workerd has no `DOMParser`; linkedom parses without one.
 * A fragment (a component's markup) is parsed into the body. Attribute names are lower-cased, as a
 * browser's parser does (React writes `hrefLang`, `srcSet`, `readOnly`).
 */
export function parseHtml(html: string): Document {
  const start = html.trimStart().slice(0, 9).toLowerCase();
  const whole = start.startsWith("<!doctype") || start.startsWith("<html>") || start.startsWith("<html ");
  const markup = whole ? html : `<!doctype html><html><body>${html}</body></html>`;
  const document = parseHTML(markup).document as unknown as Document;
  for (const element of document.querySelectorAll("*")) {
    for (const { name, value } of [...element.attributes]) {
      if (name === name.toLowerCase()) continue;
      element.removeAttribute(name);
      element.setAttribute(name.toLowerCase(), value);
    }
  }
  return document;
}

/** What can be searched: the document or any element of it. */
type Root = Pick<Document, "querySelector" | "querySelectorAll">;
/** An element of the parsed markup (the DOM's, not HTMLRewriter's `Element` of the Workers types). */
export type HtmlElement = NonNullable<ReturnType<Document["querySelector"]>>;

/** The elements matching `selector`, as an array. */
export function all(root: Root, selector: string): HtmlElement[] {
  return [...root.querySelectorAll(selector)];
}

/** The one element matching `selector`; fails the test, naming the selector, when there is none. */
export function one(root: Root, selector: string): HtmlElement {
  const found = root.querySelector(selector);
  if (!found) throw new Error(`no element matches ${selector}`);
  return found;
}

/** An element's text with runs of white space as one space, trimmed (what a reader sees, roughly). */
export function textOf(element: HtmlElement | null | undefined): string {
  return (element?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/**
 * An element's text with a space at each element boundary (so a term and its description, or a
 * label and its value, read as separate words), white space collapsed.
 */
export function wordsOf(element: HtmlElement | null | undefined): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.textContent ?? "");
    else if (node.nodeType === 1) {
      parts.push(" ");
      for (const child of node.childNodes) walk(child);
      parts.push(" ");
    }
  };
  if (element) walk(element);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/**
 * The text directly inside an element, without its child elements' (a message before its link),
 * white space collapsed.
 */
export function ownTextOf(element: HtmlElement): string {
  const own = [...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent);
  return own.join("").replace(/\s+/g, " ").trim();
}

/** The `href` of the page's canonical link; fails the test when the page has none. */
export function canonicalOf(document: Document): string | null {
  return one(document, 'link[rel="canonical"]').getAttribute("href");
}

/**
 * The document as a browser that runs scripts shows it: `<noscript>` elements removed (the copies
 * of lazy images, app/components/responsive-img.tsx, so each image counts once).
 */
export function shown(document: Document): Document {
  for (const fallback of all(document, "noscript")) fallback.remove();
  return document;
}

/** An element's attributes by (lower-case) name, to compare several at once with `toMatchObject`. */
export function attributesOf(element: HtmlElement): Record<string, string> {
  return Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value]));
}

/** Whether some markup shows nothing: no element and no text (comments, such as React's Suspense markers, aside). */
export function isBlank(root: HtmlElement): boolean {
  return root.children.length === 0 && textOf(root) === "";
}

/** The term and description pairs of the description lists in `root`: each `<dt>` with the `<dd>` right after it. */
export function definitionsOf(root: Root): [string, string][] {
  return all(root, "dt").map((term) => {
    const next = term.nextElementSibling;
    return [textOf(term), next?.matches("dd") ? textOf(next) : ""];
  });
}
