import { THIRD_PARTY_KEYS, type ThirdParties, type ThirdParty, type ThirdPartyKey } from "./third-parties";

/** CSP directives a provider needs origins in. */
export type CspDirective = "script" | "style" | "connect" | "img" | "font" | "frame";
export type CspSources = Record<CspDirective, string[]>;

/**
 * One provider: its script, the origins its code talks to (for the id configured: one tag may
 * serve different products), and the first-party cookies it sets.
 */
interface ProviderSpec {
  src: (id: string) => string;
  origins: (id: string) => Partial<CspSources>;
  cookies?: string;
}

/**
 * The providers the site knows, by the setting that selects them. Origins follow each
 * provider's published CSP guidance. docs/consent.md explains how to add one.
 */
const CHAT: Record<string, ProviderSpec> = {
  crisp: {
    src: () => "https://client.crisp.chat/l.js",
    origins: () => ({
      script: ["https://client.crisp.chat", "https://settings.crisp.chat"],
      style: ["https://client.crisp.chat"],
      connect: [
        "https://client.crisp.chat",
        "https://storage.crisp.chat",
        "wss://client.relay.crisp.chat",
        "wss://stream.relay.crisp.chat",
      ],
      img: ["https://client.crisp.chat", "https://image.crisp.chat", "https://storage.crisp.chat"],
      font: ["https://client.crisp.chat"],
      frame: ["https://game.crisp.chat"],
    }),
    cookies: "^crisp-client",
  },
};
const ACCESSIBILITY: Record<string, ProviderSpec> = {
  userway: {
    src: () => "https://cdn.userway.org/widget.js",
    origins: () => ({
      script: ["https://cdn.userway.org"],
      style: ["https://cdn.userway.org"],
      connect: ["https://api.userway.org", "https://cdn.userway.org"],
      img: ["https://cdn.userway.org"],
      font: ["https://cdn.userway.org"],
    }),
  },
};
/**
 * Google Analytics 4 (`G-` ids), after Google's published CSP guidance for the tag
 * (developers.google.com/tag-platform/security/guides/csp) with each host it loads from named:
 * the wildcards that remain are the collection hosts, which Google assigns by region and does
 * not list (docs/decisions/009-google-tag-csp-wildcards.md).
 */
const GOOGLE_ANALYTICS: Partial<CspSources> = {
  script: ["https://www.googletagmanager.com"],
  connect: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
  img: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
};
/** Google Ads conversion and remarketing (`AW-` ids), after the same guidance. */
const GOOGLE_ADS: Partial<CspSources> = {
  script: [
    "https://www.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://www.google.com",
    "https://googleads.g.doubleclick.net",
  ],
  connect: ["https://www.googletagmanager.com", "https://www.google.com", "https://googleads.g.doubleclick.net"],
  img: [
    "https://www.googletagmanager.com",
    "https://www.google.com",
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
  ],
  frame: ["https://www.googletagmanager.com", "https://td.doubleclick.net"],
};
/** A tag id's products: `G-` is Analytics, `AW-` is Ads, a combined Google tag (`GT-`) may be both. */
function googleTagOrigins(id: string): Partial<CspSources> {
  if (id.startsWith("G-")) return GOOGLE_ANALYTICS;
  if (id.startsWith("AW-")) return GOOGLE_ADS;
  const both: Partial<CspSources> = {};
  for (const origins of [GOOGLE_ANALYTICS, GOOGLE_ADS])
    for (const [directive, list] of Object.entries(origins) as [CspDirective, string[]][])
      both[directive] = [...new Set([...(both[directive] ?? []), ...list])];
  return both;
}
const GOOGLE_TAG: ProviderSpec = {
  src: (id) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  origins: googleTagOrigins,
  cookies: "^(_ga|_gid|_gat|_gcl_)",
};
const META_PIXEL: ProviderSpec = {
  src: () => "https://connect.facebook.net/en_US/fbevents.js",
  origins: () => ({
    script: ["https://connect.facebook.net"],
    connect: ["https://connect.facebook.net", "https://www.facebook.com"],
    img: ["https://www.facebook.com"],
  }),
  cookies: "^_fb[pc]$",
};

/** The `[vars]` that configure third parties (README, configuration table). */
export type ThirdPartyEnv = Partial<
  Record<
    | "CHAT_PROVIDER"
    | "CHAT_ID"
    | "CHAT_SCRIPT_URL"
    | "ACCESSIBILITY_PROVIDER"
    | "ACCESSIBILITY_ID"
    | "ACCESSIBILITY_SCRIPT_URL"
    | "GOOGLE_TAG_ID"
    | "GOOGLE_TAG_SCRIPT_URL"
    | "META_PIXEL_ID"
    | "META_PIXEL_SCRIPT_URL",
    string
  >
>;

/** Ids end up in script URLs and provider calls: letters, digits, `-` and `_` only. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A script URL override: https, or http on the loopback interface (local stand-ins in tests). */
function scriptOverride(value: string | undefined): URL | null | "invalid" {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol === "https:") return url;
    if (url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) return url;
  } catch {
    // reported below
  }
  return "invalid";
}

interface Configured {
  key: ThirdPartyKey;
  provider: string;
  id: string;
  spec: ProviderSpec;
  override: URL | null;
}

function configured(env: ThirdPartyEnv): Configured[] {
  const wanted: Record<ThirdPartyKey, { provider: string; spec?: ProviderSpec; id?: string; src?: string }> = {
    chat: {
      provider: env.CHAT_PROVIDER ?? "",
      spec: CHAT[env.CHAT_PROVIDER ?? ""],
      id: env.CHAT_ID,
      src: env.CHAT_SCRIPT_URL,
    },
    accessibility: {
      provider: env.ACCESSIBILITY_PROVIDER ?? "",
      spec: ACCESSIBILITY[env.ACCESSIBILITY_PROVIDER ?? ""],
      id: env.ACCESSIBILITY_ID,
      src: env.ACCESSIBILITY_SCRIPT_URL,
    },
    googleTag: { provider: "google-tag", spec: GOOGLE_TAG, id: env.GOOGLE_TAG_ID, src: env.GOOGLE_TAG_SCRIPT_URL },
    metaPixel: { provider: "meta-pixel", spec: META_PIXEL, id: env.META_PIXEL_ID, src: env.META_PIXEL_SCRIPT_URL },
  };
  const result: Configured[] = [];
  for (const key of THIRD_PARTY_KEYS) {
    const { provider, spec, id, src } = wanted[key];
    if (!id) continue;
    const override = scriptOverride(src);
    if (!spec || !SAFE_ID.test(id) || override === "invalid") {
      console.warn(`third party ${key} is misconfigured (provider "${provider}", id "${id}"); it stays off`);
      continue;
    }
    result.push({ key, provider, id, spec, override });
  }
  return result;
}

/** The configured third parties as the browser needs them; empty when nothing is configured. */
export function thirdPartiesFromEnv(env: ThirdPartyEnv): ThirdParties {
  const parties: ThirdParties = {};
  for (const { key, provider, id, spec, override } of configured(env)) {
    const party: ThirdParty = { provider, id, src: override?.href ?? spec.src(id) };
    if (spec.cookies) party.cookies = spec.cookies;
    parties[key] = party;
  }
  return parties;
}

/**
 * The origins the Content-Security-Policy must allow for what is configured, per directive;
 * every list is empty when nothing is. A script URL override (a proxy or a test stand-in that
 * serves all of the provider's traffic) replaces the provider's own origins with its origin.
 */
export function thirdPartyOrigins(env: ThirdPartyEnv): CspSources {
  const sources: CspSources = { script: [], style: [], connect: [], img: [], font: [], frame: [] };
  for (const { spec, id, override } of configured(env)) {
    for (const [directive, origins] of Object.entries(spec.origins(id)) as [CspDirective, string[]][]) {
      for (const origin of override ? [override.origin] : origins) {
        if (!sources[directive].includes(origin)) sources[directive].push(origin);
      }
    }
  }
  return sources;
}
