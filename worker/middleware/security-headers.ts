import { createMiddleware } from "hono/factory";
import { EMBED_ORIGINS } from "#bloks/shared/embed-allowlist.ts";
import type { CspSources } from "#app/lib/consent/third-parties.server.ts";
import { perObject } from "#app/lib/per-object.ts";
import { PERSONAL_CACHE_CONTROL } from "#worker/services/page-cache/policy.ts";
import type { AppEnv } from "#worker/types.ts";

export interface SecurityHeadersConfig {
  /** Extra sources allowed to frame the page (the CMS preview); `'self'` is always allowed. */
  frameAncestors?: (url: URL) => string[];
  /** Image hosts besides the site itself. */
  imageHosts?: string[];
  /** Origins of the configured third parties (docs/consent.md); none when nothing is configured. */
  thirdPartyOrigins?: (env: Env) => CspSources;
}

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/**
 * Whether a response is the same for everyone (`Cache-Control: public`, the edge page cache's
 * pages, redirects, files): then it holds nothing a cross-origin window could learn from a handle
 * to it, and it goes without `Cross-Origin-Opener-Policy`. Opener isolation costs a browsing
 * context group swap, a fresh renderer process, when the tab was not already on a page of this
 * policy (a new tab, another site): 25–70 ms of main thread before the first byte is parsed,
 * measured in Lighthouse's traces (docs/edge-and-shell.md, "Security headers"). Personal answers
 * (member pages, previews, form answers, the API) keep `same-origin`.
 */
function sharedWithEveryone(headers: Headers): boolean {
  const cacheControl = headers.get("Cache-Control") ?? "";
  return /\bpublic\b/i.test(cacheControl) && !PERSONAL_CACHE_CONTROL.test(cacheControl);
}

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Where the nonce goes in a policy built ahead of its request (never a valid source itself). */
const NONCE_SLOT = "\u0000nonce\u0000";

const NO_THIRD_PARTIES: CspSources = { script: [], style: [], connect: [], img: [], font: [], frame: [] };

/** A directive's sources, the configured third parties' origins appended. */
const sources = (...lists: (readonly string[])[]) => lists.flat().join(" ");

export function contentSecurityPolicy(
  nonce: string,
  frameAncestors: string[],
  imageHosts: string[],
  thirdParty: CspSources = NO_THIRD_PARTIES,
): string {
  return [
    "default-src 'self'",
    // With 'strict-dynamic' browsers trust what the nonce'd scripts load; the host list is for older ones.
    `script-src ${sources([`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"], thirdParty.script)}`,
    `style-src ${sources(["'self'", "'unsafe-inline'"], thirdParty.style)}`,
    `img-src ${sources(["'self'", "data:"], imageHosts, thirdParty.img)}`,
    `font-src ${sources(["'self'"], thirdParty.font)}`,
    // Firebase Auth's REST endpoints (sign-in, token refresh); locally the emulator is proxied through 'self'.
    `connect-src ${sources(["'self'", "https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"], thirdParty.connect)}`,
    // Only the allowlisted players and maps of the iframe_embed block may be framed.
    `frame-src ${sources(["'self'"], EMBED_ORIGINS, thirdParty.frame)}`,
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
  const imageHosts = config.imageHosts ?? [];
  // The policy without extra frame ancestors is the same for every response of an environment
  // (one per isolate) but for its nonce: built once, around a slot the nonce fills.
  const policyOf = perObject((env: Env) => {
    const [before, after] = contentSecurityPolicy(NONCE_SLOT, [], imageHosts, config.thirdPartyOrigins?.(env)).split(
      NONCE_SLOT,
    );
    return (nonce: string) => `${before}${nonce}${after}`;
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = createNonce();
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("Permissions-Policy", PERMISSIONS_POLICY);
    if (sharedWithEveryone(headers)) headers.delete("Cross-Origin-Opener-Policy");
    else headers.set("Cross-Origin-Opener-Policy", "same-origin");
    if (headers.get("Content-Type")?.startsWith("text/html")) {
      const frameAncestors = config.frameAncestors?.(new URL(c.req.url)) ?? [];
      headers.set(
        "Content-Security-Policy",
        frameAncestors.length === 0
          ? policyOf(c.env)(nonce)
          : contentSecurityPolicy(nonce, frameAncestors, imageHosts, config.thirdPartyOrigins?.(c.env)),
      );
      if (frameAncestors.length === 0) headers.set("X-Frame-Options", "SAMEORIGIN");
    }
  });
}
