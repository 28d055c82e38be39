import type { AnchorHTMLAttributes, Ref } from "react";
import { createPath, Link, parsePath, resolvePath, useLocation, type LinkProps } from "react-router";
import { isLang } from "#app/lib/languages.ts";

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** The site's root or a language's home page (`/`, `/es/`, `/en`); group 1 is the language. */
const HOME = /^\/(?:([^/]+)\/?)?$/;

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  /** Keep the scroll position (e.g. filters and pagination on the same page). */
  keepScroll?: boolean;
  /** A path prefix that also belongs to this link's section (the events list covers `/es/event/…`). */
  section?: string;
  ref?: Ref<HTMLAnchorElement>;
};

function classes(...names: (string | false | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(" ");
  return joined || undefined;
}

/**
 * Where a link goes from the current `pathname` and `search`, and how it is marked: `is-active`
 * when the current page is at or below the target (or in its `section`), `aria-current="page"`
 * when it is the target, query included (the one mark of the current page, for styles too): the
 * next page of a list, or the list without its filter, is another view, not the page shown.
 * `NavLink` marks every active link as the current page, so its marks are worked out here.
 */
function stateOf(pathname: string, search: string, to: string, section: string | undefined) {
  // A target of only a query or a fragment stays on this page, as a relative URL would. Plain
  // string scans, not regular expressions and splits: a page renders some sixty links.
  const href = to.startsWith("?") || to.startsWith("#") ? `${pathname}${to}` : to;
  const hashAt = href.indexOf("#");
  const page = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = page.indexOf("?");
  const target = queryAt < 0 ? page : page.slice(0, queryAt);
  const exact = page === pathname + search;
  // A home page (`/`, `/es/`…) contains every page, so it is only ever active when it is the page.
  const home = HOME.exec(target);
  const isHome = home !== null && (home[1] === undefined || isLang(home[1]));
  const active =
    exact ||
    (!isHome && pathname.startsWith(target.endsWith("/") ? target : `${target}/`)) ||
    (!!section && pathname.startsWith(section));
  return { href, active, exact };
}

/**
 * The anchor React Router's `<Link>` writes into server-rendered HTML, for a path of this site:
 * its `href` resolved as `<Link>` resolves it (dot segments and doubled slashes gone, a trailing
 * slash kept), and `data-discover`. The `<Link>` hydrates onto it in the browser and brings
 * everything else (app navigation, preloading, scroll). `app-link.test.tsx` holds the two equal.
 */
export function LinkMarkup({
  to,
  prefetch: _prefetch,
  preventScrollReset: _preventScrollReset,
  children,
  ...attributes
}: AnchorHTMLAttributes<HTMLAnchorElement> & Pick<LinkProps, "prefetch" | "preventScrollReset"> & { to: string }) {
  const resolved = resolvePath(to);
  const { pathname = "" } = parsePath(to);
  if (pathname.length > 1 && pathname.endsWith("/") && !resolved.pathname.endsWith("/")) resolved.pathname += "/";
  return (
    <a {...attributes} href={createPath(resolved)} data-discover="true">
      {children}
    </a>
  );
}

/**
 * The site's link: React Router's `<Link>`, which navigates in the app and preloads the target's
 * data and modules when pointed at or focused (`prefetch="intent"`), marked `is-active` and
 * `aria-current` for the page shown (see `stateOf`). External links are plain anchors with
 * `rel="noopener noreferrer"`.
 *
 * In the Worker a link renders as `<Link>`'s markup only (`LinkMarkup`): the hooks that give a
 * `<Link>` its behaviour do nothing in HTML, and a page renders some sixty links, so they were
 * the largest single cost of a page's render (docs/decisions/011-link-markup-on-the-server.md).
 */
export function AppLink({ to, className, keepScroll, section, children, ...anchor }: AppLinkProps) {
  const { pathname, search } = useLocation();

  if (EXTERNAL.test(to)) {
    return (
      <a href={to} className={className} rel="noopener noreferrer" {...anchor}>
        {children}
      </a>
    );
  }

  const { href, active, exact } = stateOf(pathname, search, to, section);
  // A build-time constant: the browser's build keeps only `<Link>`.
  const Rendered = import.meta.env.SSR ? LinkMarkup : Link;
  return (
    <Rendered
      to={href}
      prefetch="intent"
      preventScrollReset={keepScroll}
      className={classes(className, active && "is-active")}
      aria-current={exact ? "page" : undefined}
      {...anchor}
    >
      {children}
    </Rendered>
  );
}
