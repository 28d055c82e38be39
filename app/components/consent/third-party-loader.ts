import type { Choices } from "#app/lib/consent/consent.ts";
import { isMemberPath } from "#app/lib/paths.ts";
import {
  allowedBy,
  THIRD_PARTY_KEYS,
  widgetLanguage,
  type ThirdParties,
  type ThirdParty,
  type ThirdPartyKey,
} from "#app/lib/consent/third-parties.ts";

/**
 * Loads the configured third parties the visitor consented to, in the browser, after the page
 * is interactive (this module is part of the consent runtime, loaded 1500 ms after hydration).
 * Each provider's own snippet, written out here so that nothing runs before consent.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: FacebookQueue;
    _fbq?: FacebookQueue;
    $crisp?: unknown[];
    CRISP_WEBSITE_ID?: string;
    CRISP_RUNTIME_CONFIG?: { locale: string };
  }
}
interface FacebookQueue {
  (...args: unknown[]): void;
  queue: unknown[];
  push: FacebookQueue;
  loaded: boolean;
  version: string;
  callMethod?: (...args: unknown[]) => void;
}

const loaded = new Set<ThirdPartyKey>();

function addScript(src: string, attributes: Record<string, string> = {}): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.appendChild(script);
}

/** Google's `gtag()`: it must push the `arguments` object itself, which gtag.js reads. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- gtag.js tells its calls apart by the arguments object
  (window.dataLayer ??= []).push(arguments);
}

const granted = (on: boolean) => (on ? "granted" : "denied");

/** Google Consent Mode v2 signals for a decision. */
export function consentModeSignals(choices: Choices) {
  return {
    ad_storage: granted(choices.advertising),
    ad_user_data: granted(choices.advertising),
    ad_personalization: granted(choices.advertising),
    analytics_storage: granted(choices.analytics),
  };
}

const START: Record<ThirdPartyKey, (party: ThirdParty, lang: string, choices: Choices) => void> = {
  chat({ id, src }, lang) {
    window.$crisp = [];
    window.CRISP_WEBSITE_ID = id;
    window.CRISP_RUNTIME_CONFIG = { locale: widgetLanguage(lang) };
    addScript(src);
  },
  accessibility({ id, src }, lang) {
    addScript(src, { "data-account": id, "data-language": widgetLanguage(lang) });
  },
  googleTag({ id, src }, _lang, choices) {
    // Denied by default, then what the visitor chose: tags read both (Consent Mode v2).
    gtag("consent", "default", consentModeSignals({ preferences: false, analytics: false, advertising: false }));
    gtag("consent", "update", consentModeSignals(choices));
    gtag("js", new Date());
    // Page views are sent by trackPageView, for the first page and every client-side navigation.
    gtag("config", id, { send_page_view: false });
    addScript(src);
  },
  metaPixel({ id, src }) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as FacebookQueue;
    fbq.queue = [];
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    window.fbq = window._fbq = fbq;
    fbq("consent", "grant");
    fbq("init", id);
    addScript(src);
  },
};

/** Tells the analytics and advertising tags about a page view (first load and each navigation). */
function trackPageView(): void {
  if (loaded.has("googleTag")) gtag("event", "page_view", { page_location: location.href, page_title: document.title });
  if (loaded.has("metaPixel")) window.fbq?.("track", "PageView");
}

/**
 * Applies a decision to the page just shown (first load or a client-side navigation): removes
 * cookies the decision does not allow, starts every allowed third party not running yet, and
 * counts the page view. Member pages get nothing; a navigation into them from a page where a
 * third party runs becomes a full load, which leaves it behind.
 */
export function apply(parties: ThirdParties, choices: Choices, lang: string): void {
  if (isMemberPath(location.pathname)) {
    if (loaded.size > 0) location.reload();
    return;
  }
  withdraw(parties, choices);
  for (const key of THIRD_PARTY_KEYS) {
    const party = parties[key];
    if (!party || loaded.has(key) || !allowedBy(key, choices)) continue;
    loaded.add(key);
    START[key](party, lang, choices);
  }
  trackPageView();
}

/** Deletes a cookie under every domain a script may have set it on (host and parent domains). */
function deleteCookie(name: string): void {
  const parts = location.hostname.split(".");
  const domains = [""];
  for (let i = 0; i < parts.length - 1; i++) domains.push(`; Domain=.${parts.slice(i).join(".")}`);
  for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain}`;
}

/**
 * Applies a withdrawal: removes the first-party cookies of every configured third party the
 * choices no longer allow. Returns whether one of them is running in this page, which only a
 * reload can stop.
 */
export function withdraw(parties: ThirdParties, choices: Choices): boolean {
  let running = false;
  for (const key of THIRD_PARTY_KEYS) {
    const party = parties[key];
    if (!party || allowedBy(key, choices)) continue;
    if (loaded.has(key)) running = true;
    if (!party.cookies) continue;
    const pattern = new RegExp(party.cookies);
    for (const cookie of document.cookie.split(";")) {
      const name = cookie.split("=")[0]?.trim() ?? "";
      if (pattern.test(name)) deleteCookie(name);
    }
  }
  if (loaded.has("googleTag")) gtag("consent", "update", consentModeSignals(choices));
  return running;
}
