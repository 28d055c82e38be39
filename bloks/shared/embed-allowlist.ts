/**
 * The only players and maps a page may embed: each provider's exact origin and the path its
 * embeddable player lives at. Everything else (other hosts, look-alike hosts, `javascript:`,
 * `data:`, credentials or ports in the URL) is refused, so editors cannot frame arbitrary pages.
 */
const EMBED_PROVIDERS: readonly { origin: string; path: RegExp }[] = [
  { origin: "https://www.youtube-nocookie.com", path: /^\/embed\/[\w-]{6,20}$/ },
  { origin: "https://player.vimeo.com", path: /^\/video\/\d{1,12}$/ },
  { origin: "https://www.google.com", path: /^\/maps\/embed(?:\/v1\/[a-z]+)?$/ },
  { origin: "https://www.openstreetmap.org", path: /^\/export\/embed\.html$/ },
];

/** The origins the Content Security Policy's `frame-src` must allow for the embeds to load. */
export const EMBED_ORIGINS: readonly string[] = EMBED_PROVIDERS.map((provider) => provider.origin);

/** The URL to put in the frame's `src` when it points at an allowed player or map; null otherwise. */
export function allowedEmbedUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const allowed = EMBED_PROVIDERS.some(
    (provider) => provider.origin === url.origin && provider.path.test(url.pathname),
  );
  return allowed ? url.href : null;
}

/** The host named to editors when an embed is refused (never the full, possibly hostile URL). */
export function embedHostOf(raw: string): string {
  try {
    return new URL(raw.trim()).host || raw.trim().split(":")[0] || "?";
  } catch {
    return "?";
  }
}
