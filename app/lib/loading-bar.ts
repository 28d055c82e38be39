/** Loading bar constants (SPEC section 9). */
export const LOADING_BAR = {
  /** A navigation shorter than this never shows the bar. */
  throttleMs: 200,
  /** How long the bar takes to creep towards the end while loading. */
  durationMs: 2000,
  /** How long the full bar stays visible once finished. */
  hideMs: 500,
  /** How long the fade-out takes before the bar is reset to zero. */
  resetMs: 400,
  heightPx: 3,
} as const;

export type LoadingBarState = "idle" | "loading" | "finishing" | "hidden" | "error";
