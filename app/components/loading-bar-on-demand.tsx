import { Suspense, useMemo, type ComponentProps } from "react";
import { useNavigation } from "react-router";
import { onDemand } from "~/lib/on-demand";
import { createGate } from "~/lib/when-wanted";
import type { LoadingBar as Bar } from "./loading-bar";

/**
 * The loading bar's code loads with the first navigation (or a failure), not with the page: the
 * server renders the idle bar, which needs no code to sit there (docs/performance.md).
 */
const gate = createGate();
const LoadingBar = onDemand<ComponentProps<typeof Bar>>("LoadingBar", async () => {
  await gate.wanted;
  return (await import("./loading-bar")).LoadingBar;
});

export function LoadingBarOnDemand({ failed = false }: { failed?: boolean }) {
  if (failed || useNavigation().state !== "idle") gate.open();
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
