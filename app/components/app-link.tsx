import type { AnchorHTMLAttributes, Ref } from "react";
import { useLocation } from "react-router";
import { langOfPath } from "#app/lib/languages.ts";
import { wasPrefetched } from "#app/lib/link-navigation.tsx";
import { perKey } from "#app/lib/per-object.ts";

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

interface LinkState {
  href: string;
  classNames: string | undefined;
  exact: boolean;
}

/**
 * Where a link goes from the current `pathname` and `search`, and how it is marked: `is-active`
 * when the current page is at or below the target (or in its `section`), `aria-current="page"`
 * when it is the target, query included (the one mark of the current page, for styles too): the
 * next page of a list, or the list without its filter, is another view, not the page shown.
 */
function stateOf(
  pathname: string,
  search: string,
  to: string,
  className: string | undefined,
  section: string | undefined,
): LinkState {
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
  return { href, classNames: classes(className, active && "is-active"), exact };
}

/**
 * The server's link states by page and link: a page renders the same 60–70 links on every
 * request. Pure: only the server's branch below uses it, so the browser's build drops it.
 */
const rememberState = /* @__PURE__ */ perKey<LinkState>(5000);

/** The browser renders a page's links once: only the server keeps them (and ships no code for it). */
const linkState = import.meta.env.SSR
  ? (pathname: string, search: string, to: string, className: string | undefined, section: string | undefined) =>
      rememberState(`${pathname}${search}\n${to}\n${className ?? ""}\n${section ?? ""}`, () =>
        stateOf(pathname, search, to, className, section),
      )
  : stateOf;

/**
 * The site's link: a plain anchor. Clicks on it navigate inside the app, and pointing at it or
 * focusing it preloads its page, through one listener for the whole document
 * (`LinkNavigation`, app/lib/link-navigation.tsx) instead of React Router's `<Link>` and its
 * half-dozen hooks per link (a page has 60–70 of them: ~10 % of the server's render).
 *
 * `is-active` when the current page is at or below the target (or in its `section`),
 * `aria-current="page"` when it is the target, `is-prefetched` once the target was preloaded on
 * intent. External links open as plain anchors with `rel="noopener noreferrer"`.
 */
export function AppLink({ to, className, keepScroll, section, ...anchor }: AppLinkProps) {
  const { pathname, search } = useLocation();

  if (EXTERNAL.test(to)) {
    return <a href={to} className={className} rel="noopener noreferrer" {...anchor} />;
  }

  const { href, classNames, exact } = linkState(pathname, search, to, className, section);
  return (
    <a
      className={wasPrefetched(href) ? classes(classNames, "is-prefetched") : classNames}
      aria-current={exact ? "page" : undefined}
      href={href}
      {...anchor}
      data-keep-scroll={keepScroll ? "" : undefined}
      // React Router's lazy route discovery fetches the routes of the links marked so on the page.
      data-discover="true"
    />
  );
}
