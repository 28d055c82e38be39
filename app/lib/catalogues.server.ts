import en from "../../locales/en.json";
import es from "../../locales/es.json";
import val from "../../locales/val.json";
import { createTranslator, type Messages, type Translate } from "./i18n";
import type { Lang } from "./languages";

/** All three catalogues; server-only so the browser only ever receives the one it needs. */
export const CATALOGUES: Record<Lang, Messages> = { es, en, val };

/**
 * The server's translator. A key that does not name a message through own properties answers
 * itself: a key built from request data (`"constructor"`, `"FIELD.__proto__"`) must never reach
 * an inherited member (the browser's translator only ever gets keys the server produced).
 */
export function translatorFor(lang: Lang): Translate {
  const messages = CATALOGUES[lang];
  const t = createTranslator(lang, messages);
  return (key, params) => (isMessage(messages, key) ? t(key, params) : key);
}

function isMessage(messages: Messages, key: unknown): boolean {
  if (typeof key !== "string") return false;
  let node: unknown = messages;
  for (const part of key.split(".")) {
    const own = typeof node === "object" && node !== null ? Object.getOwnPropertyDescriptor(node, part) : undefined;
    if (!own) return false;
    node = own.value;
  }
  return typeof node === "string";
}
