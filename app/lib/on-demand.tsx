import { lazy, Suspense, useState, type ComponentType, type ReactElement, type RefObject } from "react";
import { loadCode } from "./load-code";
import { createGate, useLoaded, useOpenWhenWanted, useRenderNeeded } from "./when-wanted";

/** The components whose code the browser loads on demand, by name. */
export type OnDemandName =
  | "SiteFooter"
  | "HeaderPanels"
  | "ErrorPage"
  | "LoadingBar"
  | "StoryblokBridge"
  | "LiveShell"
  | "LiveEvent"
  | "LoginScreen"
  | "EventIntro"
  | "EventDescription"
  | "EventMore"
  | "EventFacts"
  | "EventPurchase"
  | "EventJsonLd"
  | "RelatedEvents";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each component takes its own props
type AnyComponent = ComponentType<any>;

const provided = new Map<OnDemandName, AnyComponent>();

/**
 * The server hands over the real components once (app/entry.server.tsx): it renders them at
 * once, so no server render waits for a chunk and pages read without JavaScript.
 */
export function provideOnDemandComponents(components: Partial<Record<OnDemandName, AnyComponent>>): void {
  for (const [name, component] of Object.entries(components)) provided.set(name as OnDemandName, component);
}

/**
 * A component that the server renders at once and whose code the browser loads only when
 * `load` resolves, as a chunk of its own (the calling module imports it only dynamically).
 * Render it inside a `<Suspense>`: hydration keeps the server's HTML until the code arrives,
 * also while the network keeps it away (./load-code.ts).
 */
export function onDemand<P extends object>(
  name: OnDemandName,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return providedOr(name, () => loadCode(load));
}

/** The server's component named `name`, else the one `loaded` brings (already through `loadCode`). */
function providedOr<P extends object>(name: OnDemandName, loaded: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await loaded() }));
  function OnDemand(props: P) {
    const Component = (provided.get(name) as ComponentType<P> | undefined) ?? Loaded;
    return <Component {...props} />;
  }
  // Names for React's developer tools; production builds drop them (the first-load JavaScript budget).
  if (import.meta.env.DEV) OnDemand.displayName = `OnDemand(${name})`;
  return OnDemand;
}

/**
 * `Part` inside its own `<Suspense>`, as the same element until a value of `key` changes. An
 * on-demand part needs the same element while its code is away: a new one would make React
 * render the part at once, dropping the server's HTML, which it cannot render again without the
 * code. State derived from earlier renders, as React documents it.
 */
function useKeptBoundary<P extends object>(Part: ComponentType<P>, props: P, key: readonly unknown[]): ReactElement {
  const make = () => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
  const [kept, setKept] = useState(() => ({ key, element: make() }));
  if (kept.key.length === key.length && kept.key.every((value, index) => Object.is(value, key[index]))) {
    return kept.element;
  }
  const made = { key, element: make() };
  setKept(made);
  return made.element;
}

/** A gate, the code it lets load (asked for again until it arrives, ./load-code.ts), and the part. */
function gatedOnDemand<P extends object>(name: OnDemandName, load: () => Promise<ComponentType<P>>) {
  const gate = createGate();
  const code = gate.wanted.then(() => loadCode(load));
  return { gate, code, Part: providedOr<P>(name, () => code) };
}

/** The values a part's props hold, names included: the part is the same while they are. */
const propValues = (props: object): unknown[] => Object.entries(props).flat();

/**
 * A part of the shell or of a screen (the header's panels, the footer, the sign-in form) that the
 * server renders at once and whose code the browser loads when it is wanted: someone reaches for
 * it (points at it, touches it, focuses or types into it), or React must render it itself (another
 * page, a busy router: `useOpenWhenWanted`). `usePart(ref, props, sameWhile)` renders it and
 * listens on the element in `ref`; the element stays the same while the props do, or while the
 * values of `sameWhile` do (props that are new objects on each revalidation but only change with
 * them). `code` settles once the code is in, `gate` opens it early (a client loader that waits
 * for it).
 */
export function wantedOnDemand<P extends object>(name: OnDemandName, load: () => Promise<ComponentType<P>>) {
  const { gate, code, Part } = gatedOnDemand(name, load);
  function usePart(ref: RefObject<HTMLElement | null>, props: P, sameWhile = propValues(props)): ReactElement {
    useOpenWhenWanted(gate, ref);
    const loaded = useLoaded(code);
    return useKeptBoundary(Part, props, [loaded, ...sameWhile]);
  }
  return { gate, code, usePart };
}

/**
 * A part of a page that is server HTML only (no state, no handlers: an event's description, its
 * related events). The browser loads its code only when React must render it itself: on another
 * page than the first, or while the router is busy (`useRenderNeeded`); until then hydration
 * keeps the server's HTML (docs/performance.md, "Hydration policy").
 */
export function staticOnDemand<P extends object>(
  name: OnDemandName,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const { gate, code, Part } = gatedOnDemand(name, load);
  const settled = code.then(
    () => true,
    () => false,
  );
  function StaticPart(props: P) {
    if (useRenderNeeded()) gate.open();
    const loaded = useLoaded(settled);
    return useKeptBoundary(Part, props, [loaded, ...propValues(props)]);
  }
  if (import.meta.env.DEV) StaticPart.displayName = `StaticOnDemand(${name})`;
  return StaticPart;
}
