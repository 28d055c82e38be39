/**
 * The consent model shared by the server (the consent API, the settings page) and the browser
 * (the banner): categories, the policy version, and the first-party cookie that stores a choice.
 * Third parties and their categories are in ./third-parties.ts. docs/consent.md explains the
 * legal reasoning.
 */

/** Optional categories; "necessary" is always on and never asked. */
export const OPTIONAL_CATEGORIES = ["preferences", "analytics", "advertising"] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type Choices = Record<OptionalCategory, boolean>;

/**
 * The version of the cookie policy a choice was given under. Raise it whenever the policy
 * changes materially (a new provider, a new purpose): every visitor is then asked again.
 */
export const POLICY_VERSION = 1;

export const CONSENT_COOKIE = "consent";
/** A choice is kept 12 months (the AEPD guide's reference period), then asked again. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/** A stored decision: what was chosen, under which policy version, when, and its record's id. */
export interface Consent {
  choices: Choices;
  version: number;
  /** When it was given, `YYYY-MM-DD` (UTC). */
  date: string;
  /** The random id of the browser's consent, the key of its records in D1 (no personal data). */
  id: string;
}

export const NO_CHOICES: Choices = { preferences: false, analytics: false, advertising: false };
export const ALL_CHOICES: Choices = { preferences: true, analytics: true, advertising: true };

/** `1.101.2026-11-23.<id>`: version, one digit per optional category, date, id. */
export function serializeConsent({ choices, version, date, id }: Consent): string {
  const bits = OPTIONAL_CATEGORIES.map((category) => (choices[category] ? "1" : "0")).join("");
  return `${version}.${bits}.${date}.${id}`;
}

const COOKIE_SHAPE = /^(\d{1,6})\.([01]{3})\.(\d{4}-\d{2}-\d{2})\.([0-9a-f-]{36})$/;

/** Reads the cookie's value; anything malformed counts as no decision at all. */
export function parseConsent(value: string | null | undefined): Consent | null {
  const match = value ? COOKIE_SHAPE.exec(value) : null;
  if (!match) return null;
  const [, version = "", bits = "", date = "", id = ""] = match;
  const choices = Object.fromEntries(OPTIONAL_CATEGORIES.map((category, i) => [category, bits[i] === "1"])) as Choices;
  return { choices, version: Number(version), date, id };
}

/** A decision that still holds: given under the current policy. An older one asks again. */
export function currentConsent(value: string | null | undefined): Consent | null {
  const consent = parseConsent(value);
  return consent && consent.version === POLICY_VERSION ? consent : null;
}

/** The `Set-Cookie` value storing a decision. Readable by the page's script, which applies it. */
export function consentCookie(consent: Consent, secure: boolean): string {
  const attributes = [
    `${CONSENT_COOKIE}=${serializeConsent(consent)}`,
    `Max-Age=${CONSENT_MAX_AGE}`,
    "Path=/",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}
