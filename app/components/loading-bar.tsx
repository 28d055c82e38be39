import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { LOADING_BAR, type LoadingBarState } from "#app/lib/loading-bar.ts";

const WIDTH: Record<LoadingBarState, string> = {
  idle: "0%",
  loading: "90%",
  finishing: "100%",
  hidden: "100%",
  error: "100%",
};

/**
 * The top progress bar: appears only when a navigation outlasts the throttle, creeps towards
 * the end while loading, completes, then fades and resets. `failed` turns it into the error state.
 */
export function LoadingBar({ failed = false }: { failed?: boolean }) {
  const { t } = useI18n();
  const busy = useNavigation().state !== "idle";
  const [state, setState] = useState<LoadingBarState>("idle");
  const shown = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const later = (ms: number, next: LoadingBarState) => timers.push(setTimeout(() => setState(next), ms));
    if (busy) {
      timers.push(
        setTimeout(() => {
          shown.current = true;
          setState("loading");
        }, LOADING_BAR.throttleMs),
      );
    } else if (shown.current) {
      shown.current = false;
      setState(failed ? "error" : "finishing");
      later(LOADING_BAR.hideMs, "hidden");
      later(LOADING_BAR.hideMs + LOADING_BAR.resetMs, "idle");
    }
    return () => timers.forEach(clearTimeout);
  }, [busy, failed]);

  const visible = state === "loading" || state === "finishing" || state === "error";
  return (
    <div
      className="loading-bar"
      data-state={state}
      role="progressbar"
      aria-label={t("LOADING.LABEL")}
      aria-hidden={!visible}
      aria-busy={state === "loading"}
      style={{
        height: LOADING_BAR.heightPx,
        width: WIDTH[state],
        opacity: visible ? 1 : 0,
        transitionProperty: state === "idle" ? "none" : "width, opacity",
        transitionDuration:
          state === "loading"
            ? `${LOADING_BAR.durationMs}ms, 0ms`
            : `${LOADING_BAR.resetMs}ms, ${LOADING_BAR.resetMs}ms`,
      }}
    />
  );
}
