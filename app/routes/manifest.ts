import type { Route } from "./+types/manifest";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import { HTML_LANG } from "#app/lib/languages.ts";

/** The installable icons (scripts/icons.mjs draws them from public/favicon.svg). */
const ICONS = [
  { src: "/favicon.svg", type: "image/svg+xml", sizes: "any", purpose: "any" },
  { src: "/icons/icon-192.png", type: "image/png", sizes: "192x192", purpose: "any" },
  { src: "/icons/icon-512.png", type: "image/png", sizes: "512x512", purpose: "any" },
  { src: "/icons/maskable-512.png", type: "image/png", sizes: "512x512", purpose: "maskable" },
];

/**
 * `/{lang}/manifest.webmanifest`: the web app manifest of one language tree, linked from its
 * pages (app/root.tsx). Name and description in that language, `lang` saying so, and every
 * address (`id`, `start_url`, `scope`) the language's home, which answers 200 (`/` redirects).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { lang } = context.get(appContext);
  const t = translatorFor(lang);
  const home = `/${lang}/`;
  const manifest = {
    name: t("SITE.NAME"),
    short_name: t("SITE.NAME"),
    description: t("SEO.DEFAULT_DESCRIPTION"),
    lang: HTML_LANG[lang],
    dir: "ltr",
    id: home,
    start_url: home,
    scope: home,
    display: "browser",
    background_color: "#0a0d18",
    theme_color: "#0a0d18",
    icons: ICONS,
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
