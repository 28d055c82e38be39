import en from "#locales/en.json";
import es from "#locales/es.json";
import val from "#locales/val.json";
import {
  translateOrKey,
  type MessageKey,
  type MessageNamespace,
  type MessageTree,
  type Messages,
  type Translate,
} from "./i18n";
import type { Lang } from "./languages";
import { perKey } from "./per-object";
import { siteTitle } from "./seo";

/** All three catalogues; server-only so the browser only ever receives the messages it needs. */
export const CATALOGUES: Record<Lang, Messages> = { es, en, val };

/**
 * The server's translator. A key that does not name a message through own properties answers
 * itself: a key built from request data (`"constructor"`, `"FIELD.__proto__"`) must never reach
 * an inherited member (the browser's translator only ever gets keys the server produced).
 */
export function translatorFor(lang: Lang): Translate {
  const messages: MessageTree = CATALOGUES[lang];
  return (key, params) => translateOrKey(messages, key, params);
}

/** The subtree (or message) at a namespace, copied into `into` at the same path. */
function copyNamespace(from: MessageTree, into: MessageTree, namespace: string) {
  const parts = namespace.split(".");
  const last = parts.pop() ?? "";
  let source: MessageTree = from;
  let target = into;
  for (const part of parts) {
    const next = Object.hasOwn(source, part) ? source[part] : undefined;
    if (typeof next !== "object") throw new Error(`No message group "${namespace}"`);
    source = next;
    const existing = Object.hasOwn(target, part) ? target[part] : undefined;
    target = typeof existing === "object" ? existing : (target[part] = {});
  }
  const value = Object.hasOwn(source, last) ? source[last] : undefined;
  if (value === undefined) throw new Error(`No message or group "${namespace}"`);
  // A whole group is shared, not copied: nothing writes into a picked tree.
  target[last] = value;
}

/** Bounded by the routes and the block combinations of the content; a safety net all the same. */
const picked = perKey<MessageTree>(1000);

/**
 * The messages of `namespaces` in one language: what a route's loader sends the browser (see
 * docs/performance.md, "What each page is sent"). Kept per isolate, so each set is built once.
 * A group wider than one already picked replaces it; a namespace inside a group adds nothing.
 */
export function messagesFor(lang: Lang, namespaces: readonly MessageNamespace[]): MessageTree {
  const sorted = [...new Set(namespaces)].sort();
  return picked(`${lang}|${sorted.join(",")}`, () => {
    const tree: MessageTree = {};
    // Sorted, a group comes before the namespaces inside it, which it already holds.
    const kept = sorted.filter((name, i) => !sorted.slice(0, i).some((group) => name.startsWith(`${group}.`)));
    for (const namespace of kept) copyNamespace(CATALOGUES[lang], tree, namespace);
    return tree;
  });
}

/** A screen's `<title>` from its message key, with the site's name ("Cookie settings | Arena Valencia"). */
export function screenTitle(lang: Lang, key: MessageKey): string {
  const t = translatorFor(lang);
  return siteTitle(t, t(key));
}
