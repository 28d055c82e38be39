import { useLocation } from "react-router";
import type { MenuLink } from "~/lib/content-types";
import { useI18n } from "~/lib/i18n-context";
import { AppLink } from "./app-link";
import { LanguageSwitcher } from "./language-switcher";

export function pageHref(lang: string, slug: string): string {
  return slug ? `/${lang}/${slug.replace(/^\/|\/$/g, "")}/` : `/${lang}/`;
}

/** Who the header greets, decided by the server from the request's session (never the identity SDK). */
export interface HeaderAccount {
  signedIn: boolean;
  /** The member's initial, when the session names them. */
  initial: string | null;
}

/** The content's header menu shows this many links in the bar; the rest go under "More". */
const PRIMARY_LINKS = 6;

/** A page's section: the events list also covers the event pages (`/es/events/` → `/es/event/…`). */
function sectionOf(href: string): string | undefined {
  return href.endsWith("/events/") ? href.replace(/events\/$/, "event/") : undefined;
}

function MenuLinks({ items }: { items: MenuLink[] }) {
  const { lang } = useI18n();
  return (
    <ul>
      {items.map((item) => {
        const href = pageHref(lang, item.slug);
        return (
          <li key={item.slug}>
            <AppLink to={href} section={sectionOf(href)}>
              {item.label}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

/** The events list's search (`?search=`), as a plain GET form: it works without JavaScript. */
function EventSearch({ id }: { id: string }) {
  const { lang, t } = useI18n();
  return (
    <form className="header-search" method="get" action={`/${lang}/events/`} role="search">
      <label htmlFor={id}>{t("EVENTS.SEARCH_LABEL")}</label>
      <input id={id} className="input" type="search" name="search" maxLength={80} />
      <button type="submit" className="button button--primary button--brand">
        {t("EVENTS.SEARCH_BUTTON")}
      </button>
    </form>
  );
}

function AccountLink({ account }: { account: HeaderAccount }) {
  const { lang, t } = useI18n();
  return (
    <AppLink
      to={account.signedIn ? `/${lang}/dashboard/` : `/${lang}/login/`}
      className={account.signedIn ? "account-link account-link--member" : "account-link"}
    >
      <span className="account-link__icon" aria-hidden="true">
        {account.initial}
      </span>
      <span className="account-link__label">{t(account.signedIn ? "NAV.MY_ACCOUNT" : "NAV.SIGN_IN")}</span>
    </AppLink>
  );
}

/**
 * Logo, main navigation (six links, the rest under "More"), event search, the account entry and
 * the language switcher. Menus are popovers: they open, close on Escape or outside, and stack
 * above the page without JavaScript. Keyed by the path, they close when a link navigates.
 */
export function SiteHeader({ menu, account }: { menu: MenuLink[]; account: HeaderAccount }) {
  const { lang, t } = useI18n();
  const { pathname } = useLocation();
  const more = menu.slice(PRIMARY_LINKS);
  return (
    <header className="site-header on-night">
      <a className="site-header__brand" href={`/${lang}/`}>
        <img src="/logo.svg" alt={t("SITE.NAME")} width="111" height="32" />
      </a>
      <nav className="site-nav" aria-label={t("NAV.MAIN")}>
        <MenuLinks items={menu.slice(0, PRIMARY_LINKS)} />
        {more.length > 0 ? (
          <>
            <button
              type="button"
              className={`site-nav__more${more.some((item) => pathname.startsWith(pageHref(lang, item.slug))) ? " is-active" : ""}`}
              popoverTarget="nav-more"
            >
              {t("NAV.MORE")}
            </button>
            <div key={pathname} id="nav-more" className="header-popover site-nav__more-menu" popover="auto">
              <MenuLinks items={more} />
            </div>
          </>
        ) : null}
      </nav>
      <button type="button" className="header-button header-button--search" popoverTarget="header-search">
        <span className="visually-hidden">{t("EVENTS.SEARCH_LABEL")}</span>
      </button>
      <div key={pathname} id="header-search" className="header-popover header-popover--search" popover="auto">
        <EventSearch id="header-search-input" />
      </div>
      <AccountLink account={account} />
      <LanguageSwitcher />
      <button type="button" className="header-button header-button--menu" popoverTarget="site-menu">
        <span className="visually-hidden">{t("NAV.MENU")}</span>
      </button>
      <div key={pathname} id="site-menu" className="site-menu on-night" popover="auto">
        <button
          type="button"
          className="header-button header-button--close"
          popoverTarget="site-menu"
          popoverTargetAction="hide"
        >
          <span className="visually-hidden">{t("NAV.CLOSE_MENU")}</span>
        </button>
        <EventSearch id="site-menu-search" />
        <nav aria-label={t("NAV.MAIN")}>
          <MenuLinks items={menu} />
        </nav>
      </div>
    </header>
  );
}
