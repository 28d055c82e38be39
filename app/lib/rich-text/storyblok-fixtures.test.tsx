import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { all, parseHtml, textOf } from "#tests/html.ts";
import en from "#locales/en.json";
import storyblok from "#tests/fixtures/storyblok-richtext/fixtures.json";
import { I18nProvider } from "#app/lib/i18n-context.tsx";
import { RichText, RichTextSchema, type RichTextNode } from "#app/lib/rich-text.tsx";

// Storyblok's own rich-text test fixtures (storyblok/monoblok, packages/richtext/src/test-utils;
// origin and commit in the fixture file) through this site's renderer: every one renders, and the
// editor choices the renderer used to drop silently now survive, each shown with its fixture.

interface Fixture {
  title: string;
  input: unknown;
}
const fixtures = storyblok.fixtures as Fixture[];

function fixture(title: string): RichTextNode {
  const found = fixtures.find((candidate) => candidate.title === title);
  if (!found) throw new Error(`no Storyblok fixture "${title}"`);
  return asDocument(found.input);
}

/** A fixture may be a document, one node, or a list of nodes (Storyblok renders all three). */
function asDocument(input: unknown): RichTextNode {
  return Array.isArray(input) ? { type: "doc", content: input as RichTextNode[] } : (input as RichTextNode);
}

function textsOf(node: RichTextNode): string[] {
  return [...(node.text ? [node.text] : []), ...(node.content ?? []).flatMap(textsOf)];
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function render(document: RichTextNode, { router = false } = {}): string {
  const page = (
    <I18nProvider lang="en" messages={en}>
      <RichText document={document} />
    </I18nProvider>
  );
  return renderToString(router ? <MemoryRouter initialEntries={["/en/"]}>{page}</MemoryRouter> : page)
    .replaceAll("<!-- -->", "")
    .replaceAll("<!--$-->", "")
    .replaceAll("<!--/$-->", "");
}

describe("Storyblok's rich-text fixtures", () => {
  it("are all here", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(59);
  });

  it.each(fixtures.map((f) => [f.title, f.input] as const))("%s: passes the schema and renders", (_title, input) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const document = asDocument(input);
    expect(v.safeParse(RichTextSchema, document).issues).toBeUndefined();
    // Every word of the fixture reaches the page.
    for (const router of [false, true]) {
      const html = render(document, { router });
      for (const words of textsOf(document)) expect(html).toContain(escapeHtml(words));
    }
    // Nothing in these fixtures is malformed, so nothing is skipped with a warning either.
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("what editors choose survives", () => {
  it.each(["center", "left", "right", "justify"])(
    "paragraph alignment %s is a class from the closed set, never a style",
    (align) => {
      const html = render(fixture(`text node with ${align} alignment`));
      expect(html).toBe(`<p class="rt-align-${align}">Aligned text</p>`);
    },
  );

  it("heading alignment too, at every level", () => {
    expect(render(fixture("heading level 1"))).toBe('<h1 class="rt-align-justify">Heading 1</h1>');
    expect(render(fixture("heading level 4"))).toBe('<h4 class="rt-align-center">Heading 4</h4>');
    expect(render(fixture("heading level 6"))).toBe('<h6 class="rt-align-left">Heading 6</h6>');
  });

  it("alignment with marks inside, and on an empty paragraph", () => {
    expect(render(fixture("combines alignment with marks"))).toBe(
      '<p class="rt-align-center"><a href="/url">Centered text with link</a></p>',
    );
    expect(render(fixture("renders empty paragraph with alignment"))).toBe('<p class="rt-align-center"></p>');
  });

  it("an alignment outside the four, or a style, never reaches the page", () => {
    const hostile = structuredClone(fixture("text node with center alignment"));
    for (const textAlign of ["centre", "center; color: red", "inherit", { x: 1 }]) {
      hostile.attrs = { textAlign, style: "color: red" };
      expect(render(hostile)).toBe("<p>Aligned text</p>");
    }
  });

  it("a link mark on a text node at the top of a document is a link", () => {
    expect(render(fixture("external link"))).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">Click</a>',
    );
  });

  it("target=_blank chosen on a link inside the site opens a new tab", () => {
    // The kitchen sink's heading links to /feature in a new tab.
    const html = render(fixture("kitchen sink document"), { router: true });
    const [link] = all(parseHtml(html), 'a[href="/feature"]');
    expect([link?.getAttribute("target"), textOf(link)]).toEqual([
      "_blank",
      expect.stringContaining("Feature Heading"),
    ]);
    const plain = all(parseHtml(render(fixture("kitchen sink document"))), 'a[href="/feature"]');
    expect(plain.map((a) => [...a.attributes].map(({ name, value }) => `${name}=${value}`))).toEqual([
      ["href=/feature", "target=_blank"],
    ]);
  });

  it("a link's custom title is kept; other custom attributes are not", () => {
    expect(render(fixture("merge groups when link with same custom attributes"))).toBe(
      '<p><a href="/a" title="google">Hello Storyblok</a></p>',
    );
    expect(render(fixture("separates groups when link with different custom attributes"))).toContain(
      '<a href="/a" title="google">A</a>',
    );
    const hostile = structuredClone(fixture("merge groups when link with same custom attributes"));
    const mark = hostile.content?.[0]?.content?.[0]?.marks?.[0];
    mark!.attrs!.custom = { title: '"><script>x</script>', onclick: "alert(1)", style: "x", rel: "opener" };
    const html = render({
      type: "doc",
      content: [{ type: "paragraph", content: [hostile.content![0]!.content![0]!] }],
    });
    expect(html).toBe('<p><a href="/a" title="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">Hello </a></p>');
  });
});
