import { useEffect, useState } from "react";
import { createGate, REACHING, useOnOtherPage, useRenderNeeded, type Gate } from "#app/lib/when-wanted.ts";
import { BLOK_KINDS, blokSlug } from "./manifest";

/**
 * When the browser loads a block's code (docs/performance.md, "Hydration policy"). Every block's
 * HTML works without code: text, cards and links are HTML, carousels are scrollable lists, forms
 * are plain POST forms and filters plain GET forms. So a page's first load carries no block code;
 * hydration keeps the server's HTML, and a kind's code loads, once per page, when:
 * - React must render the block itself: a client-side navigation, a revalidation or a form's
 *   answer (the router is busy), a page other than the first, a preview (`useRenderNeeded`);
 * - someone reaches for one of its blocks (points at it, touches it, focuses or types into it),
 *   so its links preload and navigate in the app and its buttons and fields work; a click on a
 *   link or button that still beats the code is made again once the block has hydrated
 *   (`replayClick`; each block's boundary counts itself hydrated from an effect, `countHydratedBlok`);
 * - for a kind that acts by itself (the event slider moves on its own), a block comes half into view.
 * Blocks inside blocks (a page's body, grid columns, blocks in rich text) also wake their
 * containers, as React hydrates from the outside in.
 */

/** The selector of a block kind's outermost element (a test checks it against every fixture). */
export function blokRoot(kind: string): string {
  return `.blok-${blokSlug(kind)}`;
}

/** Kinds that act by themselves once seen, and which of their blocks do: loaded when half in view. */
const ACTS_IN_VIEW: Record<string, string> = { upcoming_events: ".upcoming-events--slider" };
/** Half of it on screen: a slider whose top edge just shows at the bottom of the first screen waits. */
const IN_VIEW_THRESHOLD = 0.5;

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
  // Also the kinds around it: React hydrates from the outside in.
  let inside = false;
  for (const kind of BLOK_KINDS) {
    if (!element.closest(blokRoot(kind))) continue;
    inside = true;
    const gate = gateOf(kind);
    if (!gate.opened) gate.open();
  }
  return inside;
}

/** How many blocks of each kind React has hydrated (or mounted) and keeps on the page. */
const hydratedCounts = new Map<string, number>();
/** Called after every change of `hydratedCounts`: the clicks waiting for their block. */
const onHydrated = new Set<() => void>();

/**
 * Counts a block of `kind` as hydrated; returns the function that uncounts it. Called from an
 * effect inside the block's own Suspense boundary (`BlokView`, bloks/render.tsx), which React runs
 * only once it has hydrated the boundary with the block's code.
 */
export function countHydratedBlok(kind: string): () => void {
  const change = (by: number) => {
    hydratedCounts.set(kind, (hydratedCounts.get(kind) ?? 0) + by);
    for (const listener of [...onHydrated]) listener();
  };
  change(1);
  return () => change(-1);
}

/** Whether every block of `kind` on the page has hydrated. */
function hydratedAll(kind: string): boolean {
  return (hydratedCounts.get(kind) ?? 0) >= document.querySelectorAll(blokRoot(kind)).length;
}

/** The kind of the innermost block around `element`, or null outside blocks. */
function innermostKind(element: Element): string | null {
  let innermost: { kind: string; root: Element } | null = null;
  for (const kind of BLOK_KINDS) {
    const root = element.closest(blokRoot(kind));
    if (root && (!innermost || innermost.root.contains(root))) innermost = { kind, root };
  }
  return innermost?.kind ?? null;
}

/** How long a click inside a block waits for the block to hydrate before it is dropped (or, for a link, followed). */
const REPLAY_WITHIN_MS = 5_000;

/** A click the browser handles on its own: a new tab or window, a download, another button. */
function leftToTheBrowser(event: MouseEvent, target: Element): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return true;
  return target instanceof HTMLAnchorElement && (target.target !== "" || target.hasAttribute("download"));
}

/**
 * A click inside a block that beats the block's code would be lost or different: React does not
 * replay it, a script-driven button (`type="button"`: a carousel's "next", a slider's pause) would
 * do nothing, and a link would load the whole page instead of navigating in the app. The click is
 * held and made again as soon as the block has hydrated, so the first click always counts. A
 * link whose block does not hydrate in time is followed as a plain link. Submit buttons need
 * nothing: their plain POST works without code.
 */
function replayClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest('a[href], button[type="button"]') : null;
  if (!(target instanceof HTMLElement) || leftToTheBrowser(event, target)) return;
  const kind = innermostKind(target);
  if (kind === null || hydratedAll(kind)) return;
  wake(target);
  event.preventDefault();
  event.stopPropagation();
  const settle = (replay: boolean) => {
    onHydrated.delete(check);
    clearTimeout(timer);
    if (!target.isConnected) return;
    if (replay) target.click();
    else if (target instanceof HTMLAnchorElement) location.assign(target.href);
  };
  const check = () => {
    if (hydratedAll(kind)) settle(true);
  };
  const timer = setTimeout(() => settle(false), REPLAY_WITHIN_MS);
  onHydrated.add(check);
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
    if (!(event.target instanceof Element)) return;
    wake(event.target);
  };
  for (const type of REACHING) window.addEventListener(type, reaching, { capture: true, passive: true });
  window.addEventListener("click", replayClick, { capture: true });
  // Reached for before the code was there (a page paints before it hydrates): the pointer is
  // over a block already, or focus is inside one.
  document.querySelectorAll(":hover, :focus-within").forEach(wake);
  for (const [kind, selector] of Object.entries(ACTS_IN_VIEW)) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) wake(entry.target);
      },
      { threshold: IN_VIEW_THRESHOLD },
    );
    for (const element of document.querySelectorAll(selector)) observer.observe(element);
    void gateOf(kind).wanted.then(() => observer.disconnect());
  }
}

/**
 * Decides when the code of a rendered block's kind loads (see the top of this file). `always`
 * loads it at once (a preview renders drafts that have no server HTML). True when the block was
 * mounted without server HTML to keep.
 */
export function useBlokCodeWhenWanted(blok: { component: string }, always: boolean): boolean {
  const needed = useRenderNeeded() || always;
  // Mounted on another page than the first (a client-side navigation: no server HTML), or in a
  // preview: every block inside loads at once. A block hydrated from the first page wakes only
  // its own kind when needed (the page being left needs none of its blocks' code, unless the same
  // story updates, and then React asks for them block by block).
  const [mountedFresh] = useState(useOnOtherPage() || always);
  if (mountedFresh) wantAllIn(blok);
  else if (needed && BLOK_KINDS.has(blok.component)) {
    const gate = gateOf(blok.component);
    if (!gate.opened) gate.open();
  }
  useEffect(listen, []);
  return mountedFresh;
}

const walked = new WeakSet<object>();

/**
 * Opens the gates of a block and of every block inside it at once: React renders the blocks
 * inside only once the block around them has its code, and a chain of round trips would hold a
 * client-side navigation back.
 */
function wantAllIn(value: unknown) {
  if (typeof value !== "object" || value === null || walked.has(value)) return;
  walked.add(value);
  if (Array.isArray(value)) {
    for (const item of value) wantAllIn(item);
    return;
  }
  const { component } = value as { component?: unknown };
  if (typeof component === "string" && BLOK_KINDS.has(component)) {
    const gate = gateOf(component);
    if (!gate.opened) gate.open();
  }
  for (const child of Object.values(value)) wantAllIn(child);
}
