/** The three language trees of the site. Spanish is the default. */
export const LANGUAGES = ["es", "en", "val"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "es";

/** BCP 47 tags for `<html lang>`; `ca-ES-valencia` is the registered tag for Valencian. */
export const HTML_LANG: Record<Lang, string> = {
  es: "es-ES",
  en: "en-US",
  val: "ca-ES-valencia",
};

/** Codes sent to the content service and in product API `Accept-Language` headers. */
export const API_LANG: Record<Lang, string> = { es: "es", en: "en", val: "ca" };

/** `hreflang` codes for alternates (Valencian pages are published as Catalan `ca`). */
export const HREFLANG: Record<Lang, string> = { es: "es", en: "en", val: "ca" };

export const LANG_COOKIE = "lang";
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language prefix of a path (`/en/events/` → `en`), or null when it has none. */
export function langOfPath(pathname: string): Lang | null {
  const first = pathname.split("/")[1];
  return isLang(first) ? first : null;
}

/**
 * Marks an old language switcher's link (`?choose-lang`, still followed from bookmarks and
 * search results): the edge saves the page's language as the visitor's choice and redirects to
 * the page without it (worker/middleware/edge-rules.ts).
 */
export const LANG_CHOICE_PARAM = "choose-lang";

/**
 * A language switcher's link: the same page (and query) in `to`, the address itself, so a
 * crawler or a visitor follows no redirect. The page it opens saves the choice (the edge sees
 * the visitor arrive from a page in another language).
 */
export function chooseLangHref(pathname: string, search: string, to: Lang): string {
  const query = new URLSearchParams(search).toString();
  return `${switchLangPath(pathname, to)}${query ? `?${query}` : ""}`;
}

/** The same page in another language: swaps (or adds) the language prefix. */
export function switchLangPath(pathname: string, to: Lang): string {
  const current = langOfPath(pathname);
  const rest = current ? pathname.slice(current.length + 1) : pathname;
  return `/${to}${rest.startsWith("/") ? rest : `/${rest}`}`;
}

/**
 * Maps an `Accept-Language` header to a site language: `es*` → es, `en*` → en,
 * `ca*` or `val` → val, honouring q-values; null when nothing matches.
 */
export function langFromAcceptLanguage(header: string | null): Lang | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (primary === "es") return "es";
    if (primary === "en") return "en";
    if (primary === "ca" || primary === "val") return "val";
  }
  return null;
}

/** Reads one cookie from a `Cookie` header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Detection order: saved cookie, then the browser's languages, then Spanish. */
export function detectLang(cookieHeader: string | null, acceptLanguage: string | null): Lang {
  const saved = readCookie(cookieHeader, LANG_COOKIE);
  if (isLang(saved)) return saved;
  return langFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANG;
}

/** The `Set-Cookie`/`document.cookie` value that saves a language choice for 365 days. */
export function langCookie(lang: Lang, secure: boolean): string {
  const attributes = [`${LANG_COOKIE}=${lang}`, `Max-Age=${LANG_COOKIE_MAX_AGE}`, "Path=/", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}
