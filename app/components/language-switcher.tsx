import { useLocation } from "react-router";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { chooseLangHref, HTML_LANG, LANGUAGES } from "#app/lib/languages.ts";

/**
 * The same page in every language, the current one marked. Each link is the page's own address
 * (`chooseLangHref`); the page it opens saves the choice in the language cookie (365 days), so
 * `/` opens in that language next time, before hydration and without JavaScript alike.
 */
export function LanguageLinks() {
  const { lang, t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <ul>
      {LANGUAGES.map((code) => (
        <li key={code}>
          {code === lang ? (
            <span aria-current="true" lang={HTML_LANG[code]}>
              {t(`LANG.${code}`)}
            </span>
          ) : (
            // A plain anchor: a different language tree loads its own messages and `<html lang>`.
            <a href={chooseLangHref(pathname, search, code)} hrefLang={HTML_LANG[code]} lang={HTML_LANG[code]}>
              {t(`LANG.${code}`)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The language menu: a popover opened by the header's language button (the current language's code). */
export function LanguageSwitcher() {
  const { t } = useI18n();
  return (
    <nav id="language-menu" className="header-popover language-switcher" aria-label={t("LANG.SWITCHER")} popover="auto">
      <LanguageLinks />
    </nav>
  );
}
