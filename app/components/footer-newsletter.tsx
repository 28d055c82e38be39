import { Suspense, useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import { useLocation } from "react-router";
import { onDemand } from "~/lib/on-demand";
import type { NewsletterSignup as Signup } from "./forms/newsletter-signup";

/**
 * The footer's newsletter form costs no JavaScript until someone wants it.
 *
 * The server renders the whole form, and without its code it is still a plain POST form that
 * works (the answer shows on the newsletter page). The browser loads the form's code, with its
 * inline validation and sending without a reload, only once the form comes near the viewport,
 * someone points at it, touches it or moves focus into it, or the page changes (React must then
 * render it). Most visits never reach the footer, so the first load of every page stays light.
 */
let openGate: () => void = () => {};
const wanted = new Promise<void>((resolve) => {
  openGate = resolve;
});
const NewsletterSignup = onDemand<ComponentProps<typeof Signup>>("NewsletterSignup", async () => {
  await wanted;
  return (await import("./forms/newsletter-signup")).NewsletterSignup;
});

/** Set once the first page has hydrated: every later render needs the form's code at once. */
let pageHydrated = false;

/** How near the viewport (in pixels) the form starts loading, so it is ready when it is seen. */
const NEAR_VIEWPORT = "400px";
/**
 * Reaching for the form. Listened to on `window` in the capture phase: before hydration React
 * stops these events at the document, so a listener on the form itself would never hear them.
 */
const REACHING = ["pointerdown", "pointerover", "touchstart", "focusin", "keydown"] as const;

export function FooterNewsletter({ actionPath }: { actionPath: string }) {
  const container = useRef<HTMLDivElement>(null);
  // Mounted after the first page hydrated (another language's tree), or on a new page: React
  // must render the form now, as there is no server HTML to keep.
  const [mountedLater] = useState(() => pageHydrated);
  const { key: locationKey } = useLocation();
  const [firstLocationKey] = useState(locationKey);
  if (mountedLater || locationKey !== firstLocationKey) openGate();

  useEffect(() => {
    pageHydrated = true;
    const element = container.current;
    if (!element) return;
    const reaching = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) openGate();
    };
    for (const type of REACHING) window.addEventListener(type, reaching, { capture: true, passive: true });
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) openGate();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    void wanted.then(() => observer.disconnect());
    return () => {
      observer.disconnect();
      for (const type of REACHING) window.removeEventListener(type, reaching, { capture: true });
    };
  }, []);

  // The same element on every render, so React leaves the server's HTML alone until the code arrives.
  const form = useMemo(
    () => (
      <Suspense fallback={null}>
        <NewsletterSignup instanceKey="site-footer" actionPath={actionPath} />
      </Suspense>
    ),
    [actionPath],
  );
  return (
    <div ref={container} className="site-footer__newsletter">
      {form}
    </div>
  );
}
