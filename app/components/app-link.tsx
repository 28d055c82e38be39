import type { AnchorHTMLAttributes, Ref } from "react";
import { Link, useLocation } from "react-router";
import { langOfPath } from "#app/lib/languages.ts";

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

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
  // A target of only a query or a fragment stays on this page, as a relative URL would.
  const href = /^[?#]/.test(to) ? `${pathname}${to}` : to;
  const target = href.split(/[?#]/)[0] ?? href;
  const exact = pathname + search === href.split("#")[0];
  // A home page (`/`, `/es/`…) contains every page, so it is only ever active when it is the page.
  const isHome = target === "/" || (langOfPath(target) !== null && target.split("/").filter(Boolean).length === 1);
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
