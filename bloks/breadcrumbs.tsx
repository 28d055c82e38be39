import { useLocation } from "react-router";
import * as v from "valibot";
import { AppLink } from "#app/components/app-link.tsx";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { JsonLd, useSiteOrigin, type JsonLdData } from "#app/lib/json-ld.tsx";
import { AddressLinkSchema, resolveLink } from "#app/lib/rich-text/links.ts";
import type { BlokDefinition } from "./definition";

const crumbSchema = v.looseObject({
  _uid: v.optional(v.string()),
  label: v.pipe(v.string(), v.minLength(1)),
  /** Omitted on the last crumb: that is the current page. */
  link: v.optional(AddressLinkSchema),
});

export const breadcrumbsSchema = v.looseObject({
  component: v.literal("breadcrumbs"),
  _uid: v.string(),
  items: v.pipe(v.array(crumbSchema), v.minLength(1)),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: breadcrumbsSchema,
  messages: ["PAGES.BREADCRUMBS"],
  styles: [],
} satisfies BlokDefinition;
export { Breadcrumbs as default };

interface Crumb {
  label: string;
  /** A site path or absolute URL; the current page's own path for the last crumb. */
  href: string;
  current: boolean;
}

/**
 * The schema.org BreadcrumbList of a trail: positions from 1, each with its name and absolute
 * URL (site paths are made absolute with `origin`).
 */
export function breadcrumbListJsonLd(crumbs: readonly Crumb[], origin: string): JsonLdData {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: crumb.href.startsWith("/") ? `${origin}${crumb.href}` : crumb.href,
    })),
  };
}

/** The trail from the home page to the current page, with its BreadcrumbList JSON-LD. */
export function Breadcrumbs({ blok }: { blok: v.InferOutput<typeof breadcrumbsSchema> }) {
  const { lang, t } = useI18n();
  const { pathname } = useLocation();
  const origin = useSiteOrigin();
  const crumbs: Crumb[] = blok.items.map((item, index) => {
    const current = index === blok.items.length - 1;
    const link = !current && item.link ? resolveLink(item.link, lang) : null;
    return { label: item.label, href: current ? pathname : (link?.href ?? ""), current };
  });
  // A crumb whose link cannot be resolved is shown as text and left out of the structured data.
  const linked = crumbs.filter((crumb) => crumb.href !== "");
  return (
    <nav className="blok-breadcrumbs" aria-label={t("PAGES.BREADCRUMBS")}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={blok.items[index]?._uid ?? index}>
            {crumb.current ? (
              <span aria-current="page">{crumb.label}</span>
            ) : crumb.href ? (
              <AppLink to={crumb.href}>{crumb.label}</AppLink>
            ) : (
              crumb.label
            )}
          </li>
        ))}
      </ol>
      <JsonLd data={breadcrumbListJsonLd(linked, origin)} />
    </nav>
  );
}
