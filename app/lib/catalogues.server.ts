import en from "../../locales/en.json";
import es from "../../locales/es.json";
import val from "../../locales/val.json";
import { createTranslator, type Messages, type Translate } from "./i18n";
import type { Lang } from "./languages";

/** All three catalogues; server-only so the browser only ever receives the one it needs. */
export const CATALOGUES: Record<Lang, Messages> = { es, en, val };

export function translatorFor(lang: Lang): Translate {
  return createTranslator(lang, CATALOGUES[lang]);
}
