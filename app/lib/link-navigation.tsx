import { useContext, useEffect, useState, useSyncExternalStore, type SyntheticEvent } from "react";
import { PrefetchPageLinks, UNSAFE_DataRouterContext, useNavigate } from "react-router";
import { preloadQueue } from "./preload-queue";

/**
 * In-app navigation for the site's links (`AppLink`, app/components/app-link.tsx): plain anchors
 * marked `data-discover`, handled by one click listener and one intent listener for the whole
 * document instead of a React Router `<Link>` (and its hooks) per link. Until the page has
 * hydrated, and wherever this listener says no, the anchor does what any anchor does.
 */

/** The anchors handled here: the site's own links (React Router's discovery mark). */
const APP_LINK = "a[data-discover]";

/** Pages (path and query) asked for on intent, and those whose preload finished. */
const wanted = new Set<string>();
const prefetched = new Set<string>();

/** The page of a link's `href`: its path and query, without the fragment. */
export function pageOf(href: string): string {
  return href.split("#")[0] ?? href;
}

/** Whether the page of `href` was preloaded on intent (the link then shows `is-prefetched`). */
export function wasPrefetched(href: string): boolean {
  return prefetched.has(pageOf(href));
}

/** The app link an event happened on (or inside), if any. */
function appLinkOf(event: Event): HTMLAnchorElement | null {
  return event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(APP_LINK) : null;
}

/**
 * Whether the browser would open this click in the same tab: the primary button without a
 * modifier key (those open a new tab or window, or download), no other target, no download,
 * and a page of this origin. The same rule as React Router's `<Link>`.
 */
export function opensHere(
  click: Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">,
  anchor: Pick<HTMLAnchorElement, "target" | "origin" | "hasAttribute">,
  origin: string,
): boolean {
  return (
    !click.defaultPrevented &&
    click.button === 0 &&
    !(click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) &&
    (!anchor.target || anchor.target === "_self") &&
    !anchor.hasAttribute("download") &&
    anchor.origin === origin
  );
}

/** Marks the links to `page` on the screen; the next render of each keeps the mark (`wasPrefetched`). */
function markPrefetched(page: string): void {
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>(APP_LINK)) {
    if (anchor.origin === location.origin && anchor.pathname + anchor.search === page) {
      anchor.classList.add("is-prefetched");
    }
  }
}

/**
 * Rendered once, in the root layout: navigates app links in the app (keeping the scroll position
 * for `data-keep-scroll` links, replacing the history entry when the link is the current URL, as
 * `<Link>` does), and preloads a link's page when it is pointed at or focused, through the shared
 * queue of at most 5 preloads.
 */
export function LinkNavigation() {
  const navigate = useNavigate();
  const [preloading, setPreloading] = useState<Preload[]>([]);

  useEffect(() => {
    // On window, so that React's own handlers (on the document) have had their say first.
    function onClick(event: MouseEvent) {
      const anchor = appLinkOf(event);
      if (!anchor || !opensHere(event, anchor, location.origin)) return;
      event.preventDefault();
      const to = anchor.pathname + anchor.search + anchor.hash;
      const here = location.pathname + location.search + location.hash;
      void navigate(to, { replace: to === here, preventScrollReset: anchor.hasAttribute("data-keep-scroll") });
    }

    function onIntent(event: Event) {
      const anchor = appLinkOf(event);
      if (!anchor || anchor.origin !== location.origin || anchor.pathname === location.pathname) return;
      const page = anchor.pathname + anchor.search;
      if (wanted.has(page)) return;
      wanted.add(page);
      const release = preloadQueue.request(() => {
        // A preload the browser never reports finished gives its slot back after 10 s, unmarked.
        const timer = setTimeout(finish, 10_000);
        function finish(loaded?: boolean) {
          clearTimeout(timer);
          release();
          if (loaded) {
            prefetched.add(page);
            markPrefetched(page);
          } else wanted.delete(page); // the next intent tries again
          setPreloading((pages) => pages.filter((other) => other.page !== page));
        }
        setPreloading((pages) => [...pages, { page, finish }]);
      });
    }

    const listening = new AbortController();
    const { signal } = listening;
    window.addEventListener("click", onClick, { signal });
    document.addEventListener("mouseover", onIntent, { signal });
    document.addEventListener("focusin", onIntent, { signal });
    // From now on app links navigate in the app: the page is interactive (end-to-end tests wait for it).
    document.documentElement.dataset.hydrated = "";
    return () => listening.abort();
  }, [navigate]);

  return preloading.map((preload) => <PagePreload key={preload.page} {...preload} />);
}

/** A page being preloaded, and what to call when its data arrived (`true`) or failed. */
interface Preload {
  page: string;
  finish: (loaded: boolean) => void;
}

/**
 * Preloads a page's data and modules once React Router knows its route. Routes are discovered
 * lazily (a `/__manifest` request after hydration), and `<PrefetchPageLinks>` matches only once,
 * when it mounts: mounted before its route is discovered, it would never preload, and no context
 * changes when routes are added. The router's own subscription does tell.
 */
function PagePreload({ page, finish }: Preload) {
  const { router } = useContext(UNSAFE_DataRouterContext)!;
  const known = useSyncExternalStore(router.subscribe, () => router.match(page) !== null);
  const settled = (event: SyntheticEvent<HTMLLinkElement>) => {
    if (event.currentTarget.rel === "prefetch") finish(event.type === "load");
  };
  // React Router passes these to every <link> it renders (its type lists attributes only). With
  // handlers React keeps the links in place instead of hoisting them, and the data's
  // <link rel="prefetch"> reports its own load or failure (tests/e2e/link-navigation.spec.ts).
  const handlers: object = { onLoad: settled, onError: settled };
  return known ? <PrefetchPageLinks page={page} {...handlers} /> : null;
}
