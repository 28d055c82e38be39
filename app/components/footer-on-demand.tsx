import { useRef, type ComponentProps } from "react";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { wantedOnDemand } from "#app/lib/on-demand.tsx";
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
const footer = wantedOnDemand<ComponentProps<typeof Footer>>(
  "SiteFooter",
  async () => (await import("./site-footer")).SiteFooter,
);

export function FooterOnDemand(props: ComponentProps<typeof Footer>) {
  const { lang } = useI18n();
  const container = useRef<HTMLDivElement>(null);
  // The footer's content only changes with the language.
  const part = footer.usePart(container, props, [lang]);
  return (
    <div ref={container} className="site-footer-slot">
      {part}
    </div>
  );
}
