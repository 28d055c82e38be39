import rosetta from "rosetta";
import type es from "../../locales/es.json";
import type { Lang } from "./languages";

/** The message catalogue's shape, typed from the default locale. */
export type Messages = typeof es;

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & (string | number)]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & (string | number)];

/** Every translation key, e.g. `"ERROR.404.TITLE"`; a typo is a type error. */
export type MessageKey = Leaves<Messages>;
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * A translator for one language. The browser gets its messages from the root loader, so the
 * catalogues are never part of the client bundle; a missing key falls back to the key itself.
 */
export function createTranslator(lang: Lang, messages: Messages): Translate {
  const i18n = rosetta<Messages>({ [lang]: messages });
  i18n.locale(lang);
  return (key, params) => i18n.t(key, params) || key;
}
