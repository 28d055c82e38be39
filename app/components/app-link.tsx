import type { AnchorHTMLAttributes, Ref } from "react";
import { Link, useLocation } from "react-router";
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
 * The site's link: React Router's `<Link>`, which navigates in the app and preloads the target's
 * data and modules when pointed at or focused (`prefetch="intent"`), marked `is-active` and
 * `aria-current` for the page shown (see `stateOf`). External links are plain anchors with
 * `rel="noopener noreferrer"`.
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
  return (
    <Link
      to={href}
      prefetch="intent"
      preventScrollReset={keepScroll}
      className={classes(className, active && "is-active")}
      aria-current={exact ? "page" : undefined}
      {...anchor}
    >
      {children}
    </Link>
  );
}
