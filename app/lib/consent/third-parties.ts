import type { Choices, OptionalCategory } from "./consent";

/** The third parties the site can load and the categories they need (docs/consent.md). */

/** The short language code widgets take: Valencian is published as Catalan (`ca`). */
export function widgetLanguage(lang: string): string {
  return lang === "val" ? "ca" : lang;
}

/** The third parties the site can load, each off unless configured (wrangler.toml `[vars]`). */
export const THIRD_PARTY_KEYS = ["chat", "accessibility", "googleTag", "metaPixel"] as const;
export type ThirdPartyKey = (typeof THIRD_PARTY_KEYS)[number];

/**
 * The categories that allow each third party to load (any one of them suffices). The Google
 * tag serves analytics and advertising alike; Consent Mode tells it which of the two it may do.
 */
export const THIRD_PARTY_CATEGORIES: Record<ThirdPartyKey, readonly OptionalCategory[]> = {
  chat: ["preferences"],
  accessibility: ["preferences"],
  googleTag: ["analytics", "advertising"],
  metaPixel: ["advertising"],
};

/** What the browser needs to load one configured third party (sent in the root loader data). */
export interface ThirdParty {
  provider: string;
  id: string;
  src: string;
  /** A regular expression (source) matching the first-party cookies it sets, removed on withdrawal. */
  cookies?: string;
}
export type ThirdParties = Partial<Record<ThirdPartyKey, ThirdParty>>;

export function allowedBy(key: ThirdPartyKey, choices: Choices): boolean {
  return THIRD_PARTY_CATEGORIES[key].some((category) => choices[category]);
}
