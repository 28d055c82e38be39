import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import type { ThirdParties } from "#app/lib/consent/third-parties.ts";
import { loadCode } from "#app/lib/load-code.ts";

/** The consent banner, settings dialog and third-party loader: a chunk of their own. */
const ConsentRuntime = lazy(() => loadCode(() => import("./consent-runtime")));
/** The offer to reload after a deploy, which every page needs: a smaller chunk of its own. */
const UpdateNotice = lazy(() => loadCode(() => import("./update-notice")));

/** The banner appears this long after the page became interactive (hydrated), never sooner. */
export const CONSENT_DELAY_MS = 1500;

/**
 * The only part of the consent manager every page loads up front, kept tiny: 1500 ms after
 * hydration it loads the update check and, when a third party is configured, the runtime, which
 * shows the banner if there is no decision yet. With nothing optional configured there is nothing
 * to ask, so none of the banner's code loads. A click
 * on a "Cookie settings" link (`data-consent-settings`) loads it at once and opens the settings
 * dialog; without JavaScript that link simply leads to the settings page.
 */
export function ConsentHost({ thirdParties }: { thirdParties: ThirdParties }) {
  const [started, setStarted] = useState(false);
  const [openRequests, setOpenRequests] = useState(0);
  useEffect(() => {
    // A transition: React renders the banner in slices, so it never blocks a tap for long.
    const timer = setTimeout(() => startTransition(() => setStarted(true)), CONSENT_DELAY_MS);
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("[data-consent-settings]") : null;
      // A click meant for a new tab or window still opens the page there.
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      setStarted(true);
      setOpenRequests((count) => count + 1);
    };
    // On the window, capturing: the footer may not be hydrated yet (it loads on demand), and React
    // stops a click on a part still waiting for its code before it bubbles to the document.
    window.addEventListener("click", onClick, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("click", onClick, true);
    };
  }, []);
  const configured = Object.keys(thirdParties).length > 0;
  // The runtime draws the update notice too, so the update check and the banner start in one commit.
  return started ? (
    <Suspense fallback={null}>
      {configured || openRequests > 0 ? (
        <ConsentRuntime thirdParties={thirdParties} openRequests={openRequests} />
      ) : (
        <UpdateNotice />
      )}
    </Suspense>
  ) : null;
}
