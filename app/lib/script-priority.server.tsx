import type { ReactNode } from "react";
import { preloadModule, type PreloadModuleOptions } from "react-dom";
import type { EntryContext } from "react-router";

/**
 * The module files React Router's `<Scripts>` preloads for this page, as it lists them: the
 * client entry with its imports, then each matched route's module with its client-only modules
 * and imports.
 */
export function pageModules({ manifest, staticHandlerContext }: EntryContext): string[] {
  const routeFiles = staticHandlerContext.matches.flatMap((match) => {
    const route = manifest.routes[match.route.id];
    if (!route) return [];
    return [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ].filter((href): href is string => typeof href === "string");
  });
  return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routeFiles])];
}

// React DOM 19.3 forwards `fetchPriority` for modules; @types/react-dom 19.3.0 does not list it yet.
type ModuleOptions = PreloadModuleOptions & { fetchPriority: "low" | "high" | "auto" };

/**
 * Preloads the page's modules at low priority, ahead of the `<link rel="modulepreload">` tags
 * `<Scripts>` writes later in the `<head>`. A page here is complete as HTML: on a slow
 * connection its image and font should not wait behind 120 kB of code that only adds
 * interactivity. A browser fetches a module once, so the later tags start no second download
 * and the files keep the priority given here. React does the same for its own bootstrap modules.
 */
export function LowPriorityModules({
  hrefs,
  nonce,
  children,
}: {
  hrefs: string[];
  nonce: string;
  children: ReactNode;
}) {
  for (const href of hrefs) {
    const options: ModuleOptions = { as: "script", fetchPriority: "low", nonce };
    preloadModule(href, options);
  }
  // It wraps the router rather than standing beside it: a sibling would change the position of
  // every component in the tree, and with it each `useId` the server writes, so the ids the
  // browser makes while hydrating (a field's error, its `aria-describedby`) would not match.
  return children;
}
