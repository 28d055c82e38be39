import { useEffect } from "react";
import { createGate, REACHING, useRenderNeeded, type Gate } from "~/lib/when-wanted";

/**
 * When the browser loads a block's code (docs/performance.md, "Hydration policy"). Every block's
 * HTML works without code: text, cards and links are HTML, carousels are scrollable lists, forms
 * are plain POST forms and filters plain GET forms. So a page's first load carries no block code;
 * hydration keeps the server's HTML, and a kind's code loads, once per page, when:
 * - React must render the block itself: a client-side navigation, a revalidation or a form's
 *   answer (the router is busy), a page other than the first, a preview (`useRenderNeeded`);
 * - someone reaches for one of its blocks (points at it, touches it, focuses or types into it),
 *   so its links preload and navigate in the app and its buttons and fields work; a click on a
 *   button that still beats the code is replayed once the button has hydrated (`replayClick`);
 * - for a kind that acts by itself (the event slider moves on its own), a block comes into view.
 * Blocks inside blocks (a page's body, grid columns, blocks in rich text) also wake their
 * containers, as React hydrates from the outside in.
 */

/** Every block kind the browser can load (bloks/loaders.ts holds how; a test keeps both in step). */
export const BLOK_KINDS: ReadonlySet<string> = new Set([
  "page",
  "text",
  "contact",
  "hospitality",
  "ticket_service",
  "newsletter",
  "events",
  "upcoming_events",
  "event_hero",
  "breadcrumbs",
  "cards_carousel",
  "faqs",
  "featured_cards",
  "grid_layout",
  "iframe_embed",
  "image_carousel",
  "info_banner",
  "restaurants",
  "restaurant",
  "sponsors",
  "job_offers",
  "parking_rates",
  "menu",
]);

/** A block's outermost element is `.blok-<kind>` (dashes for underscores), except for these. */
const ROOTS: Record<string, string> = {
  event_hero: ".event-hero",
  restaurant: ".restaurant-card",
  parking_rates: ".blok-parking",
};

/** The selector of a block kind's outermost element (a test checks it against every fixture). */
export function blokRoot(kind: string): string {
  return Object.hasOwn(ROOTS, kind) ? ROOTS[kind]! : `.blok-${kind.replaceAll("_", "-")}`;
}

/** Kinds that act by themselves once seen, and which of their blocks do: loaded when in view. */
const ACTS_IN_VIEW: Record<string, string> = { upcoming_events: ".upcoming-events--slider" };

interface KindGate extends Gate {
  opened: boolean;
}

const gates = new Map<string, KindGate>();

function gateOf(kind: string): KindGate {
  const existing = gates.get(kind);
  if (existing) return existing;
  const { wanted, open } = createGate();
  const gate: KindGate = {
    wanted,
    opened: false,
    open() {
      gate.opened = true;
      open();
    },
  };
  gates.set(kind, gate);
  return gate;
}

/** Resolves once a block kind's code is wanted. */
export function whenBlokWanted(kind: string): Promise<void> {
  return gateOf(kind).wanted;
}

/**
 * Wakes every kind whose block contains `element` (the block and the blocks around it). True when
 * `element` is inside a block at all.
 */
function wake(element: Element): boolean {
  let inside = false;
  for (const kind of BLOK_KINDS) {
    if (!element.closest(blokRoot(kind))) continue;
    inside = true;
    const gate = gateOf(kind);
    if (!gate.opened) gate.open();
  }
  return inside;
}

/** React marks each element it has hydrated with its props (an internal `__reactProps$…` key). */
function hydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith("__reactProps$"));
}

/** How long a click on a block's button waits for the block to hydrate before it is dropped. */
const REPLAY_WITHIN_MS = 10_000;

/**
 * A click on a block's script-driven button (`type="button"`: a carousel's "next", a slider's
 * pause) before the block hydrated would do nothing: React does not replay it. It is held and
 * clicked again as soon as the button is hydrated, so the first click is never lost. Links and
 * submit buttons need no replay: without code they navigate and post as plain HTML.
 */
function replayClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (!(button instanceof HTMLElement) || hydrated(button) || !wake(button)) return;
  event.preventDefault();
  event.stopPropagation();
  const since = Date.now();
  const retry = () => {
    if (!button.isConnected) return;
    if (hydrated(button)) button.click();
    else if (Date.now() - since < REPLAY_WITHIN_MS) setTimeout(retry, 16);
  };
  setTimeout(retry, 0);
}

let listening = false;

/**
 * One set of listeners for all blocks of the page, nested ones included (their own code has not
 * run yet): on `window` in the capture phase, as React stops these events at the document before
 * hydration, and one observer per kind that acts in view.
 */
function listen() {
  if (listening) return;
  listening = true;
  const reaching = (event: Event) => {
    if (event.target instanceof Element) wake(event.target);
  };
  for (const type of REACHING) window.addEventListener(type, reaching, { capture: true, passive: true });
  window.addEventListener("click", replayClick, { capture: true });
  for (const [kind, selector] of Object.entries(ACTS_IN_VIEW)) {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.isIntersecting) wake(entry.target);
    });
    for (const element of document.querySelectorAll(selector)) observer.observe(element);
    void gateOf(kind).wanted.then(() => observer.disconnect());
  }
}

/**
 * Decides when the code of a rendered block's kind loads (see the top of this file). `always`
 * loads it at once (a preview renders drafts that have no server HTML).
 */
export function useBlokCodeWhenWanted(kind: string, always: boolean): void {
  const gate = gateOf(kind);
  if ((useRenderNeeded() || always) && !gate.opened && BLOK_KINDS.has(kind)) gate.open();
  useEffect(listen, []);
}
