import { startTransition, useEffect, useState, type RefObject } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";

/**
 * Code that hydrates when it is wanted (docs/performance.md): a gate that opens, once, when
 * someone reaches for an element (points at it, touches it, moves focus or types into it), when
 * it comes near the viewport (optional), or when the page changes or the router gets busy, as React
 * must then render the component itself. Until then hydration keeps the server's HTML, which works without code.
 */
export interface Gate {
  wanted: Promise<void>;
  open: () => void;
}

/**
 * Resolves once someone starts filling in a form (focus or typing inside one) or sends one (a
 * password manager's fill and send, a script's `requestSubmit`: a submit held until its form's code
 * arrives, app/lib/held-submits.ts, must bring that code). Sending it will make the router busy,
 * which opens every gate (`useRouterBusy`); opening them now loads that code while the connection
 * is there, so a form sent offline finds it in place.
 */
const formInUse: Promise<void> | null =
  typeof window === "undefined"
    ? null
    : new Promise<void>((resolve) => {
        const inForm = (event: Event) => event.target instanceof Element && event.target.closest("form") && resolve();
        for (const type of ["focusin", "input", "submit"])
          addEventListener(type, inForm, { capture: true, passive: true });
      });

/**
 * A gate, closed. On the server no gate ever opens and nothing waits on `formInUse`: a screen
 * makes its gate on each render, and a reaction chained onto a promise that never settles stays
 * for the isolate's life, one more with every request (`npm run memory`).
 */
export function createGate(): Gate {
  let open: () => void = () => {};
  const wanted = new Promise<void>((resolve) => {
    open = resolve;
  });
  void formInUse?.then(open);
  return { wanted, open };
}

/**
 * Reaching for the element. Listened to on `window` in the capture phase: before hydration React
 * stops these events at the document, so a listener on the element itself would never hear them.
 */
export const REACHING = ["pointerdown", "pointerover", "touchstart", "focusin", "keydown"] as const;

/** Set once the first page has hydrated: every later mount needs the code at once. */
let pageHydrated = false;

/**
 * Whether the router is busy: a navigation, a revalidation or a fetcher (a form sent without a
 * reload). Every part that reads the router's state (links, the loading bar) is then updated, and
 * React holds such an update back until each dehydrated part it reaches has hydrated: the parts'
 * code must load now, or the update (a form's answer, a refreshed session) would wait until
 * someone happened to reach for them.
 */
export function useRouterBusy(): boolean {
  const navigating = useNavigation().state !== "idle";
  const revalidating = useRevalidator().state !== "idle";
  const fetching = useFetchers().some((fetcher) => fetcher.state !== "idle");
  return navigating || revalidating || fetching;
}

/** The location key of the page the browser loaded first (hydrated from the server's HTML). */
let firstPageKey: string | null = null;

/**
 * Whether React must render a part of the page itself, so its code must load now: the page is
 * another one than the first (a client-side navigation mounted it, there is no server HTML to
 * keep), or the router is busy (see `useRouterBusy`). Unlike `useOpenWhenWanted`, it stays false
 * for parts hydrated late on the first page (blocks inside a block whose code arrived later).
 */
export function useRenderNeeded(): boolean {
  const otherPage = useOnOtherPage();
  const busy = useRouterBusy();
  return otherPage || busy;
}

/** Set once the browser has left the first page: its server HTML is gone, even on the way back. */
let leftFirstPage = false;

/**
 * Whether this renders a page other than the one the browser loaded first, or that page again
 * after leaving it (back to the first history entry): either way there is no server HTML to keep.
 */
export function useOnOtherPage(): boolean {
  const { key } = useLocation();
  firstPageKey ??= key;
  const otherPage = key !== firstPageKey;
  // Only once another page is on screen: until the navigation commits, the first page's blocks
  // may still be hydrating from its server HTML.
  useEffect(() => {
    if (otherPage) leftFirstPage = true;
  }, [otherPage]);
  return otherPage || leftFirstPage;
}

/** Opens `gate` when the element in `ref` is wanted; `nearViewport` is an IntersectionObserver margin. */
export function useOpenWhenWanted(gate: Gate, ref: RefObject<HTMLElement | null>, nearViewport?: string) {
  // Mounted after the first page hydrated (another language's tree, an error page), or on a new
  // page: React must render the component now, as there is no server HTML to keep.
  const [mountedLater] = useState(() => pageHydrated);
  const { key: locationKey } = useLocation();
  const [firstLocationKey] = useState(locationKey);
  const busy = useRouterBusy();
  if (mountedLater || locationKey !== firstLocationKey || busy) gate.open();

  useEffect(() => {
    pageHydrated = true;
    const element = ref.current;
    if (!element) return;
    const reaching = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) gate.open();
    };
    for (const type of REACHING) window.addEventListener(type, reaching, { capture: true, passive: true });
    // Reached for before the code was there (a page paints before it hydrates): the pointer is
    // over it already, or focus is inside it.
    if (element.matches(":hover, :focus-within")) gate.open();
    const observer = nearViewport
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && gate.open(), {
          rootMargin: nearViewport,
        })
      : null;
    observer?.observe(element);
    void gate.wanted.then(() => observer?.disconnect());
    return () => {
      observer?.disconnect();
      for (const type of REACHING) window.removeEventListener(type, reaching, { capture: true });
    };
  }, [gate, ref, nearViewport]);
}

/**
 * True once `code` has loaded (never, if it fails). A boundary whose code arrives without any
 * update to the page would stay dehydrated; re-rendering its owner then lets React hydrate it at
 * once. The update is a transition: code often arrives while an event is still being dispatched
 * (the pointer that woke it), and an urgent update that gives a dehydrated boundary new props
 * makes React drop the server's HTML and render it anew (a link being clicked would be replaced
 * under the click); a transition lets React hydrate it first.
 */
export function useLoaded(code: Promise<unknown>): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void code.then(
      () => live && startTransition(() => setLoaded(true)),
      // Only code that throws as it runs fails (`loadCode` loads again after a failed load): the
      // part keeps its server HTML, which works without it.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [code]);
  return loaded;
}
