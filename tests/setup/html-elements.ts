import * as v from "valibot";

/** One element of some markup: its tag name, its attributes by name, and the text inside it. */
export interface HtmlElement {
  tag: string;
  attributes: Record<string, string>;
  text: string;
}

const AttributePairs = v.array(v.tuple([v.string(), v.string()]));

/** Elements without content or end tag. */
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * The elements of `html` that match a CSS selector, read by the runtime's HTML parser
 * (HTMLRewriter) rather than by regular expressions, in document order.
 */
export async function htmlElements(html: string, selector: string): Promise<HtmlElement[]> {
  const found: HtmlElement[] = [];
  const open: HtmlElement[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        // The runtime gives [name, value] pairs; the DOM typings in scope say `Attr`, so check them.
        const attributes = v.parse(AttributePairs, [...element.attributes]);
        const entry: HtmlElement = { tag: element.tagName, attributes: Object.fromEntries(attributes), text: "" };
        found.push(entry);
        if (VOID.has(element.tagName)) return;
        open.push(entry);
        element.onEndTag(() => {
          open.splice(open.indexOf(entry), 1);
        });
      },
    })
    .onDocument({
      text(chunk) {
        for (const entry of open) entry.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}
