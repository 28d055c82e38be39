import { useEffect, useRef, useState, type ComponentProps, type FocusEvent, type MouseEvent } from "react";
import { Link, PrefetchPageLinks, useLocation } from "react-router";
import { langOfPath } from "~/lib/languages";
import { preloadQueue } from "~/lib/preload-queue";

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
/** How long a preload may hold its slot when the browser never reports it finished. */
const PRELOAD_SLOT_TIMEOUT_MS = 10_000;

type AppLinkProps = Omit<ComponentProps<typeof Link>, "to" | "prefetch"> & {
  to: string;
  /** Keep the scroll position (e.g. filters and pagination on the same page). */
  keepScroll?: boolean;
  /** A path prefix that also belongs to this link's section (the events list covers `/es/event/…`). */
  section?: string;
};

function classes(...names: (string | false | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(" ");
  return joined || undefined;
}

/**
 * The site's link: `is-active` when the current page is at or below the target (or in its `section`),
 * `is-exact-active` when it is the target, `is-prefetched` once the target was preloaded on
 * intent (hover or focus) through the shared queue of at most 5 preloads. External links open
 * as plain anchors with `rel="noopener noreferrer"`.
 */
export function AppLink({ to, className, keepScroll, section, onMouseEnter, onFocus, ...rest }: AppLinkProps) {
  const { pathname } = useLocation();
  const [preload, setPreload] = useState<"none" | "wanted" | "running" | "done">("none");
  const release = useRef<(() => void) | null>(null);

  useEffect(() => () => release.current?.(), []);

  useEffect(() => {
    if (preload !== "running") return;
    const finish = () => {
      release.current?.();
      release.current = null;
      setPreload("done");
    };
    // React hoists the prefetch <link>s into <head>; their completion shows up in resource timing.
    const dataPath = `${to.split(/[?#]/)[0]}_.data`;
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => new URL(entry.name).pathname === dataPath)) finish();
    });
    observer.observe({ type: "resource", buffered: true });
    const timer = setTimeout(finish, PRELOAD_SLOT_TIMEOUT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [preload, to]);

  if (EXTERNAL.test(to)) {
    const {
      replace: _replace,
      state: _state,
      viewTransition: _vt,
      reloadDocument: _rd,
      preventScrollReset: _psr,
      discover: _d,
      relative: _r,
      ...anchor
    } = rest;
    return (
      <a
        href={to}
        className={className}
        rel="noopener noreferrer"
        onMouseEnter={onMouseEnter}
        onFocus={onFocus}
        {...anchor}
      />
    );
  }

  const target = to.split(/[?#]/)[0] ?? to;
  const exact = pathname === target;
  // A home page (`/`, `/es/`…) contains every page, so it is only ever active when it is the page.
  const isHome = target === "/" || (langOfPath(target) !== null && target.split("/").filter(Boolean).length === 1);
  const active =
    exact ||
    (!isHome && pathname.startsWith(target.endsWith("/") ? target : `${target}/`)) ||
    (!!section && pathname.startsWith(section));

  const wantPreload = () => {
    if (preload !== "none" || exact) return;
    setPreload("wanted");
    release.current = preloadQueue.request(() => setPreload("running"));
  };

  return (
    <>
      <Link
        to={to}
        preventScrollReset={keepScroll}
        className={classes(
          className,
          active && "is-active",
          exact && "is-exact-active",
          preload === "done" && "is-prefetched",
        )}
        aria-current={exact ? "page" : undefined}
        onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
          wantPreload();
          onMouseEnter?.(event);
        }}
        onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
          wantPreload();
          onFocus?.(event);
        }}
        {...rest}
      />
      {preload === "running" || preload === "done" ? <PrefetchPageLinks page={to} /> : null}
    </>
  );
}
