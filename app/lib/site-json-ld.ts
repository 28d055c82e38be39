import * as v from "valibot";
import type { Translate } from "./i18n";
import type { JsonLdData } from "./json-ld";
import { DEFAULT_LANG, HTML_LANG, type Lang } from "./languages";
import { perObject } from "./per-object";

/** The logo search engines show for the venue: the 512 px icon (a raster image, as they ask). */
export const ORGANIZATION_LOGO = "/icons/icon-512.png";

/**
 * The social profiles of the site configuration story (`social_links`, each with an https
 * `url`), read leniently: anything else is left out, so a slip in the CMS never breaks the page.
 */
const SocialProfilesSchema = v.fallback(
  v.array(v.fallback(v.looseObject({ url: v.pipe(v.string(), v.url(), v.startsWith("https://")) }), { url: "" })),
  [],
);

const readProfiles = (links: unknown) =>
  v.parse(SocialProfilesSchema, links).flatMap((link) => (link.url ? [link.url] : []));
/** Read once while the site configuration story lives (content is kept per content version). */
const profilesOf = /* @__PURE__ */ perObject(readProfiles);

export function socialProfiles(config: unknown): string[] {
  const links = config && typeof config === "object" && "social_links" in config ? config.social_links : [];
  return links && typeof links === "object" ? profilesOf(links) : readProfiles(links);
}

/**
 * The home page's structured data: the venue as `Organization` (name, URL, logo, its social
 * profiles as `sameAs`) and the site as `WebSite` in the page's language, published by it. URLs
 * are absolute on `origin`, and each answers 200: the language's home, never `/` (a redirect).
 * No `SearchAction`: search results are not for search engines (`noindex`, docs/seo.md).
 */
export function siteJsonLd(input: { origin: string; lang: Lang; t: Translate; sameAs: string[] }): JsonLdData[] {
  const { origin, lang, t, sameAs } = input;
  // One venue in every language: one node id, on an address that answers (the default language's home).
  const organization = `${origin}/${DEFAULT_LANG}/#organization`;
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": organization,
      name: t("SITE.NAME"),
      url: `${origin}/${lang}/`,
      logo: `${origin}${ORGANIZATION_LOGO}`,
      ...(sameAs.length > 0 ? { sameAs } : {}),
    },
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      "@id": `${origin}/${lang}/#website`,
      name: t("SITE.NAME"),
      description: t("SEO.DEFAULT_DESCRIPTION"),
      url: `${origin}/${lang}/`,
      inLanguage: HTML_LANG[lang],
      publisher: { "@id": organization },
    },
  ];
}
