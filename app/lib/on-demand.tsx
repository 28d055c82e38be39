import { lazy, type ComponentType } from "react";

/** The components whose code the browser loads on demand, by name. */
export type OnDemandName = "SiteFooter" | "HeaderPanels" | "ErrorPage" | "LoadingBar" | "StoryblokBridge";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each component takes its own props
type AnyComponent = ComponentType<any>;

const provided = new Map<OnDemandName, AnyComponent>();

/**
 * The server hands over the real components once (app/entry.server.tsx): it renders them at
 * once, so no server render waits for a chunk and pages read without JavaScript.
 */
export function provideOnDemandComponents(components: Record<OnDemandName, AnyComponent>): void {
  for (const [name, component] of Object.entries(components)) provided.set(name as OnDemandName, component);
}

/**
 * A component that the server renders at once and whose code the browser loads only when
 * `load` resolves, as a chunk of its own (the calling module imports it only dynamically).
 * Render it inside a `<Suspense>`: hydration keeps the server's HTML until the code arrives.
 */
export function onDemand<P extends object>(
  name: OnDemandName,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function OnDemand(props: P) {
    const Component = (provided.get(name) as ComponentType<P> | undefined) ?? Loaded;
    return <Component {...props} />;
  }
  OnDemand.displayName = `OnDemand(${name})`;
  return OnDemand;
}
