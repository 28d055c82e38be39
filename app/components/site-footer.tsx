import type { MenuLink } from "~/lib/content-types";
import { useI18n } from "~/lib/i18n-context";
import { AppLink } from "./app-link";
import { FooterNewsletter } from "./footer-newsletter";
import { pageHref } from "./site-header";

export function SiteFooter({ menu, year }: { menu: MenuLink[]; year: number }) {
  const { lang, t } = useI18n();
  return (
    <footer className="site-footer">
      <FooterNewsletter actionPath={`/${lang}/newsletter/`} />
      <nav aria-label={t("NAV.FOOTER")}>
        <ul>
          {menu.map((item) => (
            <li key={item.slug}>
              <AppLink to={pageHref(lang, item.slug)}>{item.label}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__legal">
        {/* With JavaScript it opens the settings dialog (app/components/consent/consent-host.tsx); without, the page. */}
        <a href={`/${lang}/cookie-settings/`} data-consent-settings="">
          {t("CONSENT.SETTINGS")}
        </a>
      </p>
      <p>{t("FOOTER.COPYRIGHT", { year, site: t("SITE.NAME") })}</p>
    </footer>
  );
}
