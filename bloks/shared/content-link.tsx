import type { ReactNode } from "react";
import { AppLink } from "#app/components/app-link.tsx";
import type { ResolvedLink } from "#app/lib/rich-text/links.ts";

/**
 * A resolved CMS link: the site's `AppLink` (client navigation inside the site, a plain anchor
 * with `rel="noopener noreferrer"` outside it), opening a new tab only when the editor chose so,
 * with the title the editor gave it (the content model offers both for every such link).
 */
export function ContentLink({
  link,
  className,
  ariaLabel,
  children,
}: {
  link: ResolvedLink;
  className?: string;
  ariaLabel?: string;
  children: ReactNode;
}) {
  return (
    <AppLink to={link.href} className={className} target={link.target} title={link.title} aria-label={ariaLabel}>
      {children}
    </AppLink>
  );
}
