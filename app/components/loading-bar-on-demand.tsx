import { Suspense, useMemo, type ComponentProps } from "react";
import { onDemand } from "#app/lib/on-demand.tsx";
import { createGate, useRouterBusy } from "#app/lib/when-wanted.ts";
import type { LoadingBar as Bar } from "./loading-bar";

/**
 * The loading bar's code loads once the router gets busy (or on a failure), not with the page: the
 * server renders the idle bar, which needs no code to sit there (docs/performance.md).
 */
const gate = createGate();
const LoadingBar = onDemand<ComponentProps<typeof Bar>>("LoadingBar", async () => {
  await gate.wanted;
  return (await import("./loading-bar")).LoadingBar;
});

export function LoadingBarOnDemand({ failed = false }: { failed?: boolean }) {
  if (useRouterBusy() || failed) gate.open();
  // The same element until the state changes, so hydration keeps the server's bar meanwhile.
  return useMemo(
    () => (
      <Suspense fallback={null}>
        <LoadingBar failed={failed} />
      </Suspense>
    ),
    [failed],
  );
}
