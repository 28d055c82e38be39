import { createMiddleware } from "hono/factory";
import { EMBED_ORIGINS } from "../../bloks/shared/embed-allowlist";
import type { AppEnv } from "../types";

export interface SecurityHeadersConfig {
  /** Extra sources allowed to frame the page (the CMS preview); `'self'` is always allowed. */
  frameAncestors?: (url: URL) => string[];
  /** Image hosts besides the site itself. */
  imageHosts?: string[];
}

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, frameAncestors: string[], imageHosts: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${imageHosts.join(" ")}`.trim(),
    "font-src 'self'",
    // Firebase Auth's REST endpoints (sign-in, token refresh); locally the emulator is proxied through 'self'.
    "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
    // Only the allowlisted players and maps of the iframe_embed block may be framed.
    `frame-src 'self' ${EMBED_ORIGINS.join(" ")}`,
    `frame-ancestors ${["'self'", ...frameAncestors].join(" ")}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Creates a fresh nonce per request (read it with `c.get("nonce")`) and puts the security
 * headers on the response; HTML responses also get the CSP carrying that nonce.
 */
export function securityHeaders(config: SecurityHeadersConfig = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = createNonce();
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("Permissions-Policy", PERMISSIONS_POLICY);
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    if (headers.get("Content-Type")?.startsWith("text/html")) {
      const frameAncestors = config.frameAncestors?.(new URL(c.req.url)) ?? [];
      headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, frameAncestors, config.imageHosts ?? []));
      if (frameAncestors.length === 0) headers.set("X-Frame-Options", "SAMEORIGIN");
    }
  });
}
