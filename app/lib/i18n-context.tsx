import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createTranslator, type Messages, type Translate } from "./i18n";
import { DEFAULT_LANG, type Lang } from "./languages";

interface I18nValue {
  lang: Lang;
  t: Translate;
}

const I18nContext = createContext<I18nValue>({ lang: DEFAULT_LANG, t: (key) => key });

/** Provides the current language's messages (sent once in the root loader data, not bundled). */
export function I18nProvider({ lang, messages, children }: { lang: Lang; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => ({ lang, t: createTranslator(lang, messages) }), [lang, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  return useContext(I18nContext);
}
