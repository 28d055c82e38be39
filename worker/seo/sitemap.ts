import type { ContentLink } from "#app/lib/content-source.ts";
import { EVENTS_FOLDER } from "#app/lib/events/event.ts";
import { HREFLANG, LANGUAGES, DEFAULT_LANG, type Lang } from "#app/lib/languages.ts";

/** Stories that exist for the site's own use and are not pages. */
const NOT_PAGES = new Set(["config"]);

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Folders whose stories have their own route instead of the catch-all content page: an event
 * story `events/<slug>` is the page `/<lang>/event/<slug>/`.
 */
const ROUTED_FOLDERS: ReadonlyArray<readonly [folder: string, route: string]> = [[EVENTS_FOLDER, "event/"]];

/** The public path of a story in a language tree (`home` is the tree's root). */
export function pagePath(lang: Lang, slug: string): string {
  let clean = slug.replace(/^\/+|\/+$/g, "");
  for (const [folder, route] of ROUTED_FOLDERS) {
    if (clean.startsWith(folder)) clean = route + clean.slice(folder.length);
  }
  return clean === "" || clean === "home" ? `/${lang}/` : `/${lang}/${clean}/`;
}

/** The published pages of the link index: no folders, no drafts, no non-page stories. */
export function publishedPages(links: ContentLink[]): ContentLink[] {
  return links.filter((link) => !link.isFolder && link.published && !NOT_PAGES.has(link.slug.replace(/\/$/, "")));
}

/**
 * `/sitemap.xml`: every published page in every language tree, each with its `hreflang`
 * alternates (`es`, `en`, `ca` for Valencian) and `x-default` (the Spanish page).
 */
export function renderSitemap(links: ContentLink[], origin: string): string {
  const urls = publishedPages(links).flatMap((link) => {
    const alternates = [
      ...LANGUAGES.map(
        (lang) =>
          `    <xhtml:link rel="alternate" hreflang="${HREFLANG[lang]}" href="${escapeXml(origin + pagePath(lang, link.slug))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + pagePath(DEFAULT_LANG, link.slug))}"/>`,
    ];
    return LANGUAGES.map((lang) =>
      [`  <url>`, `    <loc>${escapeXml(origin + pagePath(lang, link.slug))}</loc>`, ...alternates, `  </url>`].join(
        "\n",
      ),
    );
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}
