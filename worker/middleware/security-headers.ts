import { createMiddleware } from "hono/factory";
import { EMBED_ORIGINS } from "#bloks/shared/embed-allowlist.ts";
import type { CspSources } from "#app/lib/consent/third-parties.server.ts";
import { isMemberPath } from "#app/lib/paths.ts";
import { perObject } from "#app/lib/per-object.ts";
import type { AppEnv } from "#worker/types.ts";

export interface SecurityHeadersConfig {
  /** Extra sources allowed to frame the page (the CMS preview); `'self'` is always allowed. */
  frameAncestors?: (url: URL) => string[];
  /** Image hosts besides the site itself. */
  imageHosts?: string[];
  /** Origins of the configured third parties (docs/consent.md); none when nothing is configured. */
  thirdPartyOrigins?: (env: Env) => CspSources;
}

/** Powerful features no page of the site uses, refused to every frame (only current feature names). */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Where the nonce goes in a policy built ahead of its request (never a valid source itself). */
const NONCE_SLOT = "\u0000nonce\u0000";

const NO_THIRD_PARTIES: CspSources = { script: [], style: [], connect: [], img: [], font: [], frame: [] };

/** A directive's sources, the configured third parties' origins appended. */
const sources = (...lists: (readonly string[])[]) => lists.flat().join(" ");

/**
 * The policy of one response. `thirdParty` and `embeds` (the players and maps of the
 * iframe_embed block) are the other sites a page may load from: a member page passes neither.
 */
export function contentSecurityPolicy(
  nonce: string,
  frameAncestors: string[],
  imageHosts: string[],
  thirdParty: CspSources = NO_THIRD_PARTIES,
  embeds: readonly string[] = EMBED_ORIGINS,
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
    `frame-src ${sources(["'self'"], embeds, thirdParty.frame)}`,
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
  /**
   * A page's policy: on a member page no other site at all (no provider, no embed: none may load
   * there), on a public page the embeds and the configured third parties.
   */
  const policyFor = (env: Env, member: boolean, nonce: string, frameAncestors: string[]) =>
    member
      ? contentSecurityPolicy(nonce, frameAncestors, imageHosts, NO_THIRD_PARTIES, [])
      : contentSecurityPolicy(nonce, frameAncestors, imageHosts, config.thirdPartyOrigins?.(env));
  // The policy without extra frame ancestors is the same for every response of an environment
  // (one per isolate and kind of page) but for its nonce: built once, around a slot the nonce fills.
  const policyOf = perObject((env: Env) => {
    const filled = (member: boolean) => {
      const policy = policyFor(env, member, NONCE_SLOT, []);
      const [before, after] = policy.split(NONCE_SLOT);
      return (nonce: string) => `${before}${nonce}${after}`;
    };
    const publicPage = filled(false);
    const memberPage = filled(true);
    return (member: boolean) => (member ? memberPage : publicPage);
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
    const url = new URL(c.req.url);
    // Opener isolation by path, never by session: the identity screens and the member area get
    // COOP same-origin whoever asks (an opener can neither steer the sign-in popup nor keep a handle
    // on a member screen), every other page none for everyone, so no site can tell a signed-in
    // visitor from an anonymous one by opening a page and reading `w.closed`. Public pages go
    // without it: isolation costs a browsing context group swap, 25–70 ms of main thread before
    // the first byte is parsed (docs/edge-and-shell.md, "Security headers").
    const member = isMemberPath(url.pathname);
    if (member) headers.set("Cross-Origin-Opener-Policy", "same-origin");
    else headers.delete("Cross-Origin-Opener-Policy");
    if (headers.get("Content-Type")?.startsWith("text/html")) {
      const frameAncestors = config.frameAncestors?.(url) ?? [];
      headers.set(
        "Content-Security-Policy",
        frameAncestors.length === 0 ? policyOf(c.env)(member)(nonce) : policyFor(c.env, member, nonce, frameAncestors),
      );
      if (frameAncestors.length === 0) headers.set("X-Frame-Options", "SAMEORIGIN");
    }
  });
}
