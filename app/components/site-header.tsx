import type { MenuLink } from "~/lib/content-types";
import { useI18n } from "~/lib/i18n-context";
import { AppLink } from "./app-link";
import { LanguageSwitcher } from "./language-switcher";

export function pageHref(lang: string, slug: string): string {
  return slug ? `/${lang}/${slug.replace(/^\/|\/$/g, "")}/` : `/${lang}/`;
}

/** Site name, main navigation and the language switcher. */
export function SiteHeader({ menu }: { menu: MenuLink[] }) {
  const { lang, t } = useI18n();
  return (
    <header className="site-header">
      <a className="site-header__brand" href={`/${lang}/`}>
        {t("SITE.NAME")}
      </a>
      <nav className="site-nav" aria-label={t("NAV.MAIN")}>
        <ul>
          {menu.map((item) => (
            <li key={item.slug}>
              <AppLink to={pageHref(lang, item.slug)}>{item.label}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitcher />
    </header>
  );
}
