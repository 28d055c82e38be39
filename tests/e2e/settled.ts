import { expect, type Page } from "@playwright/test";
import { VERSION_PATH } from "#app/lib/build-id.ts";

/**
 * Resolves once the page has presented `frames` more frames: whatever was rendered before the call
 * is painted, and the performance entries of those paints (layout shifts, largest contentful
 * paint) have reached their observers. A condition, not a guess at how long a busy machine takes.
 */
export function painted(page: Page, frames = 2): Promise<void> {
  return page.evaluate(async (count) => {
    for (let i = 0; i < count; i += 1) {
      // After a frame's rendering step: the next task runs once that frame has been produced.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
  }, frames);
}

/**
 * Waits until the consent runtime runs in the page (it loads 1500 ms after hydration): it answers
 * a window focus with its update check, which it starts in the same commit that shows the banner
 * and applies the stored decision. After this, a banner that was to appear is in the page and the
 * third parties the decision allows have been asked for.
 */
export async function consentRuntimeRunning(page: Page, timeout = 15_000): Promise<void> {
  let checked = false;
  const onRequest = (request: { url(): string }) => {
    if (new URL(request.url()).pathname === VERSION_PATH) checked = true;
  };
  page.on("request", onRequest);
  try {
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event("focus")));
          return checked;
        },
        { timeout },
      )
      .toBe(true);
  } finally {
    page.off("request", onRequest);
  }
}
