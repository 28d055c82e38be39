import { renderToString } from "react-dom/server";
import { createRoutesStub, Link } from "react-router";
import { describe, expect, it } from "vitest";
import { all, attributesOf, parseHtml, textOf } from "#tests/html.ts";
import { AppLink, LinkMarkup } from "./app-link";

/** The links as the server renders them on the page at `pathname`. */
function renderAt(pathname: string, links: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{links}</> }]);
  return renderToString(<Stub initialEntries={[pathname]} />);
}

/** Each rendered link by its text: its attributes (React Router's `data-discover` aside). */
function linksIn(html: string): Record<string, Record<string, string>> {
  return Object.fromEntries(
    all(parseHtml(html), "a").map((link) => {
      const { "data-discover": _discover, ...attributes } = attributesOf(link);
      return [textOf(link), attributes];
    }),
  );
}

const menu = (
  <>
    <AppLink to="/en/">Home</AppLink>
    <AppLink to="/en/events/" section="/en/event/" className="nav">
      Events
    </AppLink>
    <AppLink to="/en/about/">About</AppLink>
    <AppLink to="?page=2" keepScroll>
      Next
    </AppLink>
  </>
);

describe("AppLink", () => {
  it("marks the same links for the page they are on", () => {
    for (let round = 0; round < 2; round += 1) {
      // A link to another view of this page (the next page of a list) is in this page's section,
      // but it is not the current page: it must not announce itself as one.
      expect(linksIn(renderAt("/en/about/", menu))).toEqual({
        Home: { href: "/en/" },
        Events: { class: "nav", href: "/en/events/" },
        About: { class: "is-active", "aria-current": "page", href: "/en/about/" },
        Next: { class: "is-active", href: "/en/about/?page=2" },
      });
      expect(linksIn(renderAt("/en/event/some-show/", menu))).toEqual({
        Home: { href: "/en/" },
        Events: { class: "nav is-active", href: "/en/events/" },
        About: { href: "/en/about/" },
        Next: { class: "is-active", href: "/en/event/some-show/?page=2" },
      });
    }
  });

  it("marks the current page only with the same query: another page or filter of a list is another view", () => {
    const links = (
      <>
        <AppLink to="/en/events/">Events</AppLink>
        <AppLink to="/en/events/" rel="prev">
          Previous
        </AppLink>
        <AppLink to="/en/events/?page=2">Page 2</AppLink>
        <AppLink to="?page=3" rel="next">
          Next
        </AppLink>
      </>
    );
    const current = (html: string) => all(parseHtml(html), '[aria-current="page"]').map((link) => textOf(link));
    expect(current(renderAt("/en/events/", links))).toEqual(["Events", "Previous"]);
    expect(current(renderAt("/en/events/?page=2", links))).toEqual(["Page 2"]);
    expect(current(renderAt("/en/events/?page=4", links))).toEqual([]);
    // Still in the section: the header's link keeps its highlight on every view of the list.
    expect(linksIn(renderAt("/en/events/?page=2", links)).Events).toEqual({ class: "is-active", href: "/en/events/" });
  });

  it("opens other sites as plain anchors that cannot reach back", () => {
    expect(linksIn(renderAt("/en/", <AppLink to="https://example.com/">Out</AppLink>))).toEqual({
      Out: { href: "https://example.com/", rel: "noopener noreferrer" },
    });
  });

  it("marks a home page only when it is the page shown: it contains every page", () => {
    const homes = (
      <>
        <AppLink to="/">Root</AppLink>
        <AppLink to="/en/">English</AppLink>
        <AppLink to="/en">Bare</AppLink>
        <AppLink to="/events/">Not a language</AppLink>
      </>
    );
    expect(linksIn(renderAt("/en/about/", homes))).toEqual({
      Root: { href: "/" },
      English: { href: "/en/" },
      Bare: { href: "/en" },
      "Not a language": { href: "/events/" },
    });
    expect(linksIn(renderAt("/en/", homes)).English).toEqual({
      class: "is-active",
      "aria-current": "page",
      href: "/en/",
    });
    // A one-segment path that is not a language is a section like any other.
    expect(linksIn(renderAt("/events/next/", homes))["Not a language"]).toEqual({
      class: "is-active",
      href: "/events/",
    });
  });

  it("writes in HTML exactly the anchor React Router's <Link> writes, so the <Link> hydrates onto it", () => {
    const targets = [
      "/",
      "/en",
      "/en/",
      "/en/events/",
      "/en/events/?page=2&q=marea",
      "/en/about/#visit",
      "/en/events/?q=a b#results",
      "/en//about//",
      "/en/./events/../about/",
      "/en/events/..",
      "/en/caf%C3%A9/",
      "/en/café/",
      "/en/events/?",
      "/en/events/#",
    ];
    const props = [
      {},
      { className: "nav is-active", "aria-current": "page" as const },
      { rel: "next", id: "next-page", title: "Next", target: "_self" },
    ];
    const anchors = (html: string) =>
      all(parseHtml(html), "a").map((link) => ({ attributes: attributesOf(link), text: textOf(link) }));
    for (const pathname of ["/en/", "/val/event/some-show/?page=3"]) {
      for (const to of targets) {
        for (const extra of props) {
          const framework = renderAt(
            pathname,
            <Link to={to} prefetch="intent" {...extra}>
              {to}
            </Link>,
          );
          const markup = renderAt(
            pathname,
            <LinkMarkup to={to} prefetch="intent" {...extra}>
              {to}
            </LinkMarkup>,
          );
          expect(anchors(markup), `${to} on ${pathname}`).toEqual(anchors(framework));
          expect(anchors(markup)).toHaveLength(1);
        }
      }
    }
  });
});
