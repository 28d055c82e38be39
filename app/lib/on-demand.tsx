import { lazy, Suspense, useRef, type ComponentType, type ReactElement } from "react";
import { loadCode } from "./load-code";
import { createGate, useLoaded, useRenderNeeded } from "./when-wanted";

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
  const Loaded = lazy(async () => ({ default: await loadCode(load) }));
  function OnDemand(props: P) {
    const Component = (provided.get(name) as ComponentType<P> | undefined) ?? Loaded;
    return <Component {...props} />;
  }
  // Names for React's developer tools; production builds drop them (the first-load JavaScript budget).
  if (import.meta.env.DEV) OnDemand.displayName = `OnDemand(${name})`;
  return OnDemand;
}

function sameProps(a: object, b: object): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key as never], b[key as never]));
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
  const gate = createGate();
  const code = gate.wanted.then(() => loadCode(load));
  const settled = code.then(
    () => true,
    () => false,
  );
  const Part = onDemand<P>(name, () => code);
  function StaticPart(props: P) {
    if (useRenderNeeded()) gate.open();
    const loaded = useLoaded(settled);
    // The same element while the props are the same: a new one would make React hydrate the part
    // at once, which it cannot do without the code.
    const last = useRef<{ props: P; loaded: boolean; element: ReactElement } | null>(null);
    if (!last.current || last.current.loaded !== loaded || !sameProps(last.current.props, props)) {
      last.current = {
        props,
        loaded,
        element: (
          <Suspense fallback={null}>
            <Part {...props} />
          </Suspense>
        ),
      };
    }
    return last.current.element;
  }
  if (import.meta.env.DEV) StaticPart.displayName = `StaticOnDemand(${name})`;
  return StaticPart;
}
