/**
 * The one place that decides the site's public origin, the base of every absolute URL the site
 * writes (canonical, hreflang, Open Graph, JSON-LD, sitemap, robots, calendar files) and the
 * origin state-changing requests must come from.
 *
 * - `PUBLIC_ORIGIN` set: that origin (`https://www.example.com`; a path or trailing slash is dropped).
 * - Production (`APP_ENV=production`) without a valid `PUBLIC_ORIGIN`: an empty origin, so URLs
 *   stay site-relative (`/es/about/`) and the sitemap is not published. The request's `Host` is
 *   never used there: anyone can send any `Host`, and a cache would keep the poisoned page.
 *   The misconfiguration is logged once per isolate; pages keep working.
 * - Any other environment: the request's own origin, so local and preview hosts just work.
 *
 * See docs/edge-and-shell.md ("Public origin").
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_ORIGIN" | "APP_ENV">, requestUrl: string): string {
  const configured = configuredOrigin(env.PUBLIC_ORIGIN);
  if (configured) return configured;
  if (env.APP_ENV !== "production") return new URL(requestUrl).origin;
  warnOnce(env.PUBLIC_ORIGIN);
  return "";
}

/** `PUBLIC_ORIGIN` as an origin, or null when it is empty or not an http(s) URL. */
function configuredOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

let warned = false;

function warnOnce(value: string | undefined): void {
  if (warned) return;
  warned = true;
  console.warn(
    `PUBLIC_ORIGIN is ${value ? `not an http(s) origin (${JSON.stringify(value)})` : "not set"} in production: ` +
      "absolute URLs fall back to site-relative paths and /sitemap.xml answers 404. Set it in wrangler.toml.",
  );
}
