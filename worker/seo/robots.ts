import { LANGUAGES } from "#app/lib/languages.ts";

/**
 * `/robots.txt`. Production lets crawlers in everywhere except the API and the member area and
 * points them at the sitemap (when a public origin is configured: the line needs an absolute
 * URL); any other environment (local, staging) keeps them out entirely.
 */
export function renderRobots(origin: string, production: boolean): string {
  if (!production) return ["User-agent: *", "Disallow: /", ""].join("\n");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    ...LANGUAGES.flatMap((lang) => [`Disallow: /${lang}/dashboard/`, `Disallow: /${lang}/email-verification/`]),
    "",
    ...(origin ? [`Sitemap: ${origin}/sitemap.xml`, ""] : []),
  ].join("\n");
}
