import type { MenuLink, SocialLink } from "#app/lib/content-types.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { AppLink } from "./app-link";
import { AppStoreIcon, PlayStoreIcon, SOCIAL_ICONS } from "./icons/footer-icons";
import { NewsletterSignup } from "./forms/newsletter-signup";
import { pageHref } from "./site-header";

/** The footer's content, from the site configuration story (app/lib/shell.server.ts). */
export interface FooterContent {
  visit: MenuLink[];
  venue: MenuLink[];
  legal: MenuLink[];
  phone: string;
  email: string;
  hours: string;
  address: string;
  social: SocialLink[];
  appStore: string | null;
  playStore: string | null;
}

function Links({ items }: { items: MenuLink[] }) {
  const { lang } = useI18n();
  return (
    <>
      {items.map((item) => (
        <li key={item.slug}>
          <AppLink to={pageHref(lang, item.slug)}>{item.label}</AppLink>
        </li>
      ))}
    </>
  );
}

/**
 * Newsletter, the visit / venue / legal columns, box office, social profiles, the apps, copyright.
 * Its code loads when the footer is wanted (app/components/footer-on-demand.tsx).
 */
export function SiteFooter({ content, year }: { content: FooterContent; year: number }) {
  const { lang, t } = useI18n();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div className="site-footer__newsletter">
          <NewsletterSignup instanceKey="site-footer" actionPath={`/${lang}/newsletter/`} />
        </div>
        <nav className="site-footer__columns" aria-label={t("NAV.FOOTER")}>
          <div>
            <h2>{t("FOOTER.VISIT")}</h2>
            <ul>
              <Links items={content.visit} />
            </ul>
          </div>
          <div>
            <h2>{t("FOOTER.VENUE")}</h2>
            <ul>
              <Links items={content.venue} />
            </ul>
          </div>
          <div>
            <h2>{t("FOOTER.LEGAL")}</h2>
            <ul>
              <Links items={content.legal} />
              <li>
                {/* With JavaScript it opens the settings dialog (app/components/consent/consent-host.tsx); without, the page. */}
                <a href={`/${lang}/cookie-settings/`} data-consent-settings="">
                  {t("CONSENT.SETTINGS")}
                </a>
              </li>
            </ul>
          </div>
        </nav>
        <section className="site-footer__contact" aria-labelledby="footer-box-office">
          <h2 id="footer-box-office">{t("FOOTER.BOX_OFFICE")}</h2>
          <ul>
            {content.phone ? (
              <li>
                <a href={`tel:${content.phone.replace(/[^\d+]/g, "")}`}>{content.phone}</a>
              </li>
            ) : null}
            {content.email ? (
              <li>
                <a href={`mailto:${content.email}`}>{content.email}</a>
              </li>
            ) : null}
          </ul>
          {content.hours ? <p>{content.hours}</p> : null}
          {content.address ? <address>{content.address}</address> : null}
        </section>
      </div>
      <div className="site-footer__bar">
        <ul className="site-footer__social" aria-label={t("FOOTER.FOLLOW")}>
          {content.social.map((profile) => (
            <li key={profile.network}>
              <a className={`social-link social-link--${profile.network}`} href={profile.url} rel="noopener noreferrer">
                {SOCIAL_ICONS[profile.network]}
                <span className="visually-hidden">{profile.label}</span>
              </a>
            </li>
          ))}
        </ul>
        <ul className="site-footer__apps" aria-label={t("FOOTER.APPS")}>
          {content.appStore ? (
            <li>
              <a className="store-link store-link--ios" href={content.appStore} rel="noopener noreferrer">
                <AppStoreIcon />
                {t("FOOTER.APP_STORE")}
              </a>
            </li>
          ) : null}
          {content.playStore ? (
            <li>
              <a className="store-link store-link--android" href={content.playStore} rel="noopener noreferrer">
                <PlayStoreIcon />
                {t("FOOTER.PLAY_STORE")}
              </a>
            </li>
          ) : null}
        </ul>
        {/* The last element of every page: its first frame waits for it (app/root.tsx). */}
        <p className="site-footer__copyright" id="site-copyright">
          {t("FOOTER.COPYRIGHT", { year, site: t("SITE.NAME") })}
        </p>
      </div>
    </footer>
  );
}
