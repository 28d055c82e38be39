import { useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { preloadQueue } from "./preload-queue";

/**
 * In-app navigation for the site's links (`AppLink`, app/components/app-link.tsx): plain anchors
 * marked `data-discover`, handled by one click listener and one intent listener for the whole
 * document instead of a React Router `<Link>` (and its hooks) per link. Until the page has
 * hydrated, and wherever this listener says no, the anchor does what any anchor does.
 */

/** The anchors handled here: the site's own links (React Router's discovery mark). */
const APP_LINK = "a[data-discover]";
/** How long a preload may hold its slot when the browser never reports it finished. */
const PRELOAD_SLOT_TIMEOUT_MS = 10_000;

/** Pages (path and query) asked for on intent, and those whose preload finished. */
const wanted = new Set<string>();
const prefetched = new Set<string>();

/** The page of a link's `href`: its path and query, without the fragment. */
export function pageOf(href: string): string {
  return href.split("#")[0] ?? href;
}

/** Whether the page of `href` was preloaded on intent (the link then shows `is-prefetched`). */
export function wasPrefetched(href: string): boolean {
  // Nothing is preloaded on the server, nor before the first intent: no need to look.
  return prefetched.size > 0 && prefetched.has(pageOf(href));
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

/** Calls `done` once the browser has fetched the page's data (or after the time limit). */
function whenPreloaded(page: string, done: () => void): void {
  // React hoists the prefetch <link>s into <head>; their completion shows up in resource timing.
  const dataPath = `${page.split("?")[0]}_.data`;
  let timer: ReturnType<typeof setTimeout>;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => new URL(entry.name).pathname === dataPath)) finish();
  });
  function finish() {
    observer.disconnect();
    clearTimeout(timer);
    done();
  }
  observer.observe({ type: "resource", buffered: true });
  timer = setTimeout(finish, PRELOAD_SLOT_TIMEOUT_MS);
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
  const [preloading, setPreloading] = useState<string[]>([]);

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
        setPreloading((pages) => [...pages, page]);
        whenPreloaded(page, () => {
          release();
          prefetched.add(page);
          markPrefetched(page);
          setPreloading((pages) => pages.filter((other) => other !== page));
        });
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

  return preloading.map((page) => <PrefetchPageLinks key={page} page={page} />);
}
