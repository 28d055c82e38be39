import { Suspense, useMemo, useRef, type ComponentProps } from "react";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { loadCode } from "#app/lib/load-code.ts";
import { onDemand } from "#app/lib/on-demand.tsx";
import { createGate, useLoaded, useOpenWhenWanted } from "#app/lib/when-wanted.ts";
import type { SiteFooter as Footer } from "./site-footer";

/**
 * The footer (its links, box office, social profiles and the newsletter form) costs no
 * JavaScript until someone wants it: the server renders it, and without its code it still works
 * (plain links, a plain POST newsletter form whose answer shows on the newsletter page). The code,
 * with the form's inline validation and sending without a reload, loads once someone reaches for
 * it (points at it, touches it, focuses into it) or the page changes, not merely because it is in
 * view: on short pages (contact) the footer is on the first screen, and its form's code (about
 * 8 kB with valibot) would break the first-load budget (docs/performance.md).
 */
const gate = createGate();
// Kept away by the network, the code is asked for again until it arrives (#app/lib/load-code.ts).
const code = gate.wanted.then(() => loadCode(() => import("./site-footer")));
const SiteFooter = onDemand<ComponentProps<typeof Footer>>("SiteFooter", async () => (await code).SiteFooter);

export function FooterOnDemand(props: ComponentProps<typeof Footer>) {
  const { lang } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  useOpenWhenWanted(gate, container);
  const loaded = useLoaded(code);
  // The same element on every render of a language, so React leaves the server's HTML alone
  // until the code arrives (the footer's content only changes with the language).
  const footer = useMemo(
    () => (
      <Suspense fallback={null}>
        <SiteFooter {...props} />
      </Suspense>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- props are new objects on each revalidation but only change with the language; a new element would make React drop the server's footer before its code arrives
    [lang, loaded],
  );
  return (
    <div ref={container} className="site-footer-slot">
      {footer}
    </div>
  );
}
