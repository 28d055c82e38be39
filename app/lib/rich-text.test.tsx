import { renderToString } from "react-dom/server";
import { createRoutesStub, MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { all, attributesOf, one, parseHtml, shown, textOf, type HtmlElement } from "#tests/html.ts";
import en from "#locales/en.json";
import { I18nProvider } from "./i18n-context";
import { placeholderOf } from "./deferred-images";
import { DEFAULT_IMAGE } from "./image";
import { RichText, type RichTextNode } from "./rich-text";

const asset = "https://a.storyblok.com/f/123456/1600x900/abc123def4/arena.jpg";

function text(value: string, marks: RichTextNode["marks"] = []): RichTextNode {
  return { type: "text", text: value, marks };
}

const storyLink = {
  type: "link",
  attrs: { linktype: "story", href: "/about", uuid: "u-1", anchor: "tickets", story: { full_slug: "en/about" } },
};

/** One document holding every node and mark of SPEC.md section 3. */
const everything: RichTextNode = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 3 }, content: [text("Heading")] },
    {
      type: "paragraph",
      content: [
        text("b", [{ type: "bold" }]),
        text("s", [{ type: "strong" }]),
        text("i", [{ type: "italic" }]),
        text("u", [{ type: "underline" }]),
        text("x", [{ type: "strike" }]),
        text("c", [{ type: "code" }]),
        text("up", [{ type: "superscript" }]),
        text("down", [{ type: "subscript" }]),
        text("hi", [{ type: "highlight", attrs: { color: "#FEF08A" } }]),
        text("lead", [{ type: "styled", attrs: { class: "lead" } }]),
        text("red", [{ type: "textStyle", attrs: { color: "#e4572e" } }]),
        text("here", [{ type: "anchor", attrs: { id: "here" } }]),
        { type: "hard_break" },
        { type: "emoji", attrs: { name: "smile", emoji: "😄" } },
      ],
    },
    {
      type: "paragraph",
      content: [
        text("Read ", [storyLink]),
        text("about", [storyLink, { type: "bold" }]),
        text(" us", [
          {
            ...storyLink,
            attrs: {
              story: { full_slug: "en/about" },
              anchor: "tickets",
              uuid: "u-1",
              href: "/about",
              linktype: "story",
            },
          },
        ]),
        text(" and "),
        text("the web", [
          { type: "link", attrs: { linktype: "url", href: "https://example.org/x", target: "_blank" } },
        ]),
        text(", "),
        text("mail", [{ type: "link", attrs: { linktype: "email", href: "info@arena.test" } }]),
        text(", "),
        text("the PDF", [{ type: "link", attrs: { linktype: "asset", href: "https://a.storyblok.com/f/1/doc.pdf" } }]),
        text(", "),
        text("call", [{ type: "link", attrs: { linktype: "url", href: "tel:+34960000000" } }]),
        text(", "),
        text("cached", [{ type: "link", attrs: { linktype: "story", cached_url: "events/concerts" } }]),
      ],
    },
    { type: "blockquote", content: [{ type: "paragraph", content: [text("Quote")] }] },
    {
      type: "bullet_list",
      content: [{ type: "list_item", content: [{ type: "paragraph", content: [text("Bullet")] }] }],
    },
    {
      type: "ordered_list",
      attrs: { order: 3 },
      content: [{ type: "list_item", content: [{ type: "paragraph", content: [text("Third")] }] }],
    },
    { type: "code_block", attrs: { class: "language-ts" }, content: [text("const a = 1;")] },
    { type: "horizontal_rule" },
    { type: "image", attrs: { src: asset, alt: "The arena at night", title: "Night" } },
    {
      type: "table",
      content: [
        {
          type: "tableRow",
          content: [
            { type: "tableHeader", content: [{ type: "paragraph", content: [text("Zone")] }] },
            { type: "tableHeader", content: [{ type: "paragraph", content: [text("Price")] }] },
          ],
        },
        {
          type: "tableRow",
          content: [
            { type: "tableHeader", content: [{ type: "paragraph", content: [text("Floor")] }] },
            {
              type: "tableCell",
              attrs: { colspan: 2, rowspan: 1 },
              content: [{ type: "paragraph", content: [text("40 €")] }],
            },
          ],
        },
      ],
    },
    {
      type: "blok",
      attrs: {
        id: "b-1",
        body: [
          {
            component: "text",
            _uid: "embedded-1",
            text: { type: "doc", content: [{ type: "paragraph", content: [text("Embedded block")] }] },
          },
        ],
      },
    },
  ],
};

/**
 * The markup, without the `<!-- -->` text separators and the Suspense markers React writes;
 * inside a router, as embedded blocks decide when their code loads from the router's state.
 */
function render(document: RichTextNode, lang: "en" | "es" = "en"): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <I18nProvider lang={lang} messages={en}>
          <RichText document={document} />
        </I18nProvider>
      ),
    },
  ]);
  // The router marks its links for route discovery; what is tested here is the markup around them.
  return renderToString(<Stub initialEntries={["/"]} />)
    .replaceAll(' data-discover="true"', "")
    .replaceAll("<!-- -->", "")
    .replaceAll("<!--$-->", "")
    .replaceAll("<!--/$-->", "");
}

describe("RichText", () => {
  const html = render(everything);
  const document = parseHtml(html);
  /** The one link whose text reads `text`. */
  const linkNamed = (text: string) => {
    const found = all(document, "a").find((candidate) => textOf(candidate) === text);
    if (!found) throw new Error(`no link reads ${text}`);
    return found;
  };
  /** The elements inside `parent`, in order, as `tag:text`. */
  const sequence = (parent: HtmlElement) =>
    [...parent.children].map((child) => `${child.tagName.toLowerCase()}:${textOf(child)}`).join(" ");

  it("renders every block node", () => {
    expect(textOf(one(document, "h3"))).toBe("Heading");
    expect(textOf(one(document, "blockquote > p"))).toBe("Quote");
    expect(textOf(one(document, "ul > li > p"))).toBe("Bullet");
    expect(textOf(one(document, 'ol[start="3"] > li > p'))).toBe("Third");
    expect(textOf(one(document, "pre > code.language-ts"))).toBe("const a = 1;");
    one(document, "hr");
    one(document, "br");
    const emoji = one(document, "span.rt-emoji");
    expect([emoji.getAttribute("role"), emoji.getAttribute("aria-label"), textOf(emoji)]).toEqual([
      "img",
      "smile",
      "😄",
    ]);
  });

  it("renders every mark, with classes only from the allowlist", () => {
    const marked = one(document, "p:has(> strong + strong)");
    expect(sequence(marked)).toContain("strong:b strong:s em:i u:u s:x code:c");
    expect(sequence(marked)).toContain("sup:up sub:down");
    const highlight = one(document, "mark");
    expect([highlight.getAttribute("class"), textOf(highlight)]).toEqual(["rt-highlight rt-highlight-yellow", "hi"]);
    expect(textOf(one(document, 'span[class="rt-lead"]'))).toBe("lead");
    expect(textOf(one(document, 'span[class="rt-color-accent"]'))).toBe("red");
    expect(textOf(one(document, "span#here"))).toBe("here");
  });

  it("keeps a bold part inside a link as one link, resolved to this site's path with its anchor", () => {
    expect(all(document, 'a[href="/en/about/#tickets"]')).toHaveLength(1);
    expect(attributesOf(linkNamed("Read about us"))).toEqual({ href: "/en/about/#tickets" });
    expect(textOf(one(linkNamed("Read about us"), "strong"))).toBe("about");
    expect(attributesOf(linkNamed("cached"))).toEqual({ href: "/en/events/concerts/" });
  });

  it("resolves url, email, tel and asset links; external ones get noopener noreferrer", () => {
    expect(attributesOf(linkNamed("the web"))).toEqual({
      href: "https://example.org/x",
      rel: "noopener noreferrer",
      target: "_blank",
    });
    // In the app (inside its router) these go through AppLink, which treats any scheme as external.
    expect(attributesOf(linkNamed("mail"))).toEqual({ href: "mailto:info@arena.test", rel: "noopener noreferrer" });
    expect(attributesOf(linkNamed("call"))).toEqual({ href: "tel:+34960000000", rel: "noopener noreferrer" });
    expect(attributesOf(linkNamed("the PDF"))).toEqual({
      href: "https://a.storyblok.com/f/1/doc.pdf",
      rel: "noopener noreferrer",
    });
  });

  it("renders images with alt, srcset, sizes, width, height and lazy loading", () => {
    // Its files wait for the screen (app/lib/deferred-images.ts), in data- attributes.
    const img = attributesOf(one(shown(parseHtml(html)), "img.rt-image"));
    expect(img).toMatchObject({
      alt: "The arena at night",
      title: "Night",
      loading: "lazy",
      width: "1280",
      height: "720",
      "data-src": `${asset}/m/1280x0/filters:quality(70)`,
      "data-sizes": "(min-width: 72rem) 72rem, 100vw",
    });
    expect(img["data-srcset"]?.split(", ")).toEqual(
      expect.arrayContaining([
        `${asset}/m/320x0/filters:quality(70) 320w`,
        `${asset}/m/1600x0/filters:quality(70) 1600w`,
      ]),
    );
  });

  it("renders tables with header cells and scopes", () => {
    expect(all(document, "thead > tr > th").map((cell) => [cell.getAttribute("scope"), textOf(cell)])).toEqual([
      ["col", "Zone"],
      ["col", "Price"],
    ]);
    const [header, cell] = all(document, "tbody > tr > *");
    expect([header?.tagName.toLowerCase(), header?.getAttribute("scope"), textOf(header)]).toEqual([
      "th",
      "row",
      "Floor",
    ]);
    expect([cell?.tagName.toLowerCase(), cell?.getAttribute("colspan"), textOf(cell)]).toEqual(["td", "2", "40 €"]);
  });

  it("renders embedded blocks through the block registry", () => {
    expect(textOf(one(document, "div.rt-blok > section.blok-text > p"))).toBe("Embedded block");
  });

  it("navigates inside the site through the router's links, marked active like every site link", () => {
    const paragraph: RichTextNode = {
      type: "paragraph",
      content: [text("About ", [storyLink]), text("us", [storyLink, { type: "italic" }])],
    };
    const out = renderToString(
      <MemoryRouter initialEntries={["/en/about/"]}>
        <I18nProvider lang="en" messages={en}>
          <RichText document={paragraph} />
        </I18nProvider>
      </MemoryRouter>,
    ).replaceAll("<!-- -->", "");
    expect(out).toBe(
      '<p><a class="is-active" aria-current="page" href="/en/about/#tickets" data-discover="true">About <em>us</em></a></p>',
    );
  });

  it("links story pages in the page's own language", () => {
    const spanish = render(
      {
        type: "paragraph",
        content: [text("Inicio", [{ type: "link", attrs: { linktype: "story", story: { full_slug: "home" } } }])],
      },
      "es",
    );
    expect(spanish).toContain('<a href="/es/">Inicio</a>');
  });
});

describe("RichText with hostile content", () => {
  const hostile = [
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "\u0001java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "&#106;avascript:alert(1)",
    "javascript&colon;alert(1)",
    "&#x6A;&#x61;&#x76;&#x61;script:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    " DATA:image/svg+xml,<svg onload=alert(1)>",
    "vbscript:msgbox(1)",
  ];

  it.each(hostile)("never puts %j in an href, whatever the link type", (href) => {
    const linkTypes = ["url", "story", "asset", "email", undefined];
    const document: RichTextNode = {
      type: "paragraph",
      content: linkTypes.map((linktype) =>
        text("click", [{ type: "link", attrs: { linktype, href, cached_url: href, url: href } }]),
      ),
    };
    const out = render(document);
    expect(out).not.toMatch(/script:|data:|alert/i);
    expect(out).not.toContain("<a");
    expect(out).toContain("click");
  });

  it.each(hostile)("never puts %j in an image src", (src) => {
    const out = render({ type: "image", attrs: { src, alt: "x" } });
    // The one data: URL is the site's own empty picture of the image's shape (ResponsiveImg).
    const placeholder = `src="${placeholderOf(DEFAULT_IMAGE.width, DEFAULT_IMAGE.height)}"`;
    expect(out).toContain(placeholder);
    expect(out.replace(placeholder, "")).not.toMatch(/script:|data:|alert/i);
    // The file it gets later, and its copy for browsers without scripts: the default logo.
    expect(out).toContain('data-src="/images/default-logo.svg"');
    expect(out).toContain('src="/images/default-logo.svg"');
  });

  it("drops classes, styles and ids that are not allowlisted", () => {
    const out = render({
      type: "paragraph",
      content: [
        text("a", [{ type: "styled", attrs: { class: 'evil" onclick="x' } }]),
        text("b", [{ type: "textStyle", attrs: { color: "red; background:url(x)" } }]),
        text("c", [{ type: "anchor", attrs: { id: '" onmouseover="x' } }]),
        text("d", [{ type: "highlight", attrs: { color: "url(javascript:x)" } }]),
      ],
    });
    expect(out).toBe('<p>abc<mark class="rt-highlight">d</mark></p>');
  });

  it("never renders an unnamed emoji as an image without a name", () => {
    expect(render({ type: "emoji", attrs: { emoji: "🎉" } })).toBe('<span class="rt-emoji">🎉</span>');
    expect(render({ type: "emoji", attrs: { name: "tada" } })).toBe(":tada:");
  });

  it("renders nothing for an emoji whose name or character is not text", () => {
    expect(render({ type: "emoji", attrs: { name: 42, emoji: "🎉" } })).toBe("");
    expect(render({ type: "emoji", attrs: { name: "tada", emoji: ["🎉"] } })).toBe("");
  });

  it.each([0, 2.5, 101, "2", null, Number.NaN])("ignores both spans of a cell with colspan %j", (colspan) => {
    const out = render({
      type: "table",
      content: [{ type: "tableRow", content: [{ type: "tableCell", attrs: { colspan, rowspan: 2 } }] }],
    });
    expect(out).toContain("<td></td>");
  });

  it("keeps valid spans other than 1", () => {
    const out = render({
      type: "table",
      content: [{ type: "tableRow", content: [{ type: "tableCell", attrs: { colspan: 1, rowspan: 100 } }] }],
    });
    expect(out).toContain('<td rowSpan="100"></td>');
  });

  it("drops a cell's width and background colour, as docs/rich-text-and-images.md says", () => {
    const cell = (type: string) => ({
      type,
      attrs: { colspan: 1, rowspan: 1, colwidth: [240], backgroundColor: "#ff0000" },
      content: [{ type: "paragraph", content: [{ type: "text", text: "Celda" }] }],
    });
    const out = render({
      type: "table",
      content: [{ type: "tableRow", content: [cell("tableHeader"), cell("tableCell")] }],
    });
    expect(out).toContain("Celda");
    expect(out).not.toMatch(/240|ff0000|style=|width/i);
  });

  it("keeps a safe image sizes, and falls back to the placeholder when any image attribute is invalid", () => {
    expect(render({ type: "image", attrs: { src: asset, sizes: "(min-width: 40rem) 50vw, 100vw" } })).toContain(
      'sizes="(min-width: 40rem) 50vw, 100vw"',
    );
    for (const attrs of [
      { src: asset, alt: "x", sizes: "100vw; background:url(x)" },
      { src: asset, alt: "x", sizes: "" },
      { src: asset, alt: 42 },
      { src: { url: asset }, alt: "x" },
    ]) {
      const out = render({ type: "image", attrs });
      expect(out).toContain('src="/images/default-logo.svg"');
      expect(out).toContain('alt=""');
      expect(out).not.toContain("background");
    }
  });

  it("skips embedded blocks with a warning when any block is malformed", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const good = { component: "text", _uid: "b-1" };
    for (const body of [[good, { component: "text" }], [good, null], [good, ["text", "b-2"]], "text", null]) {
      expect(render({ type: "blok", attrs: { body } })).toBe("");
    }
    expect(warn).toHaveBeenCalledTimes(5);
    expect(warn).toHaveBeenCalledWith("Invalid embedded blocks skipped: body[1] needs a string component and _uid");
    expect(warn).toHaveBeenCalledWith("Invalid embedded blocks skipped: body is not a list");
    warn.mockRestore();
    expect(render({ type: "blok", attrs: {} })).toBe('<div class="rt-blok"></div>');
  });

  it("renders text as text, never as markup", () => {
    const out = render({ type: "paragraph", content: [text("<script>alert(1)</script>")] });
    expect(out).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
});
