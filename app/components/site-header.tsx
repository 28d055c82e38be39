import { useRef, type ComponentProps, type ReactNode } from "react";
import type { MenuLink } from "#app/lib/content-types.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { wantedOnDemand } from "#app/lib/on-demand.tsx";
import { AppLink } from "./app-link";
import { AccountIcon, MenuIcon, SearchIcon } from "./icons/header-icons";
import type { HeaderPanels as Panels } from "./header-panels";

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
export const PRIMARY_LINKS = 6;

/** A page's section: the events list also covers the event pages (`/es/events/` → `/es/event/…`). */
function sectionOf(href: string): string | undefined {
  return href.endsWith("/events/") ? href.replace(/events\/$/, "event/") : undefined;
}

export function MenuLinks({ items }: { items: MenuLink[] }) {
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

/** Where the account entry goes: the member's dashboard, or sign-in. */
export const accountHref = (lang: string, account: HeaderAccount) =>
  account.signedIn ? `/${lang}/dashboard/` : `/${lang}/login/`;

function AccountLink({ account }: { account: HeaderAccount }) {
  const { lang, t } = useI18n();
  return (
    <AppLink to={accountHref(lang, account)} className="account-link" data-member={account.signedIn || undefined}>
      <span className="account-link__icon" aria-hidden="true">
        {account.initial || <AccountIcon />}
      </span>
      <span className="account-link__label">{t(account.signedIn ? "NAV.MY_ACCOUNT" : "NAV.SIGN_IN")}</span>
    </AppLink>
  );
}

const headerPanels = wantedOnDemand<ComponentProps<typeof Panels>>(
  "HeaderPanels",
  async () => (await import("./header-panels")).HeaderPanels,
);

function PanelButton({ panel, className, children }: { panel: string; className: string; children: ReactNode }) {
  return (
    <button type="button" className={`header-button ${className}`} popoverTarget={panel}>
      {children}
    </button>
  );
}

/**
 * Logo, main navigation (six links, the rest under "More"), event search, the account entry, the
 * language and, on phones, the menu button. The popovers and the phone menu's dialog those
 * buttons open (app/components/header-panels.tsx) work without JavaScript; their code loads when
 * the header is wanted (pointed at, touched, focused, or the page changes).
 */
export function SiteHeader({ menu, account }: { menu: MenuLink[]; account: HeaderAccount }) {
  const { lang, t } = useI18n();
  const header = useRef<HTMLElement>(null);
  // The menu is a new array on each revalidation but only changes with the language.
  const panels = headerPanels.usePart(header, { menu, account }, [lang, account]);
  return (
    <header ref={header} className="site-header on-night">
      <a className="site-header__brand" href={`/${lang}/`}>
        <img src="/logo.svg" alt={t("SITE.NAME")} width="111" height="32" />
      </a>
      <nav className="site-nav" aria-label={t("NAV.MAIN")}>
        <MenuLinks items={menu.slice(0, PRIMARY_LINKS)} />
        {menu.length > PRIMARY_LINKS ? (
          <button type="button" className="site-nav__more" popoverTarget="nav-more">
            {t("NAV.MORE")}
          </button>
        ) : null}
      </nav>
      <PanelButton panel="header-search" className="header-button--search">
        <SearchIcon />
        <span className="visually-hidden">{t("EVENTS.SEARCH_LABEL")}</span>
      </PanelButton>
      <AccountLink account={account} />
      <PanelButton panel="language-menu" className="language-button">
        <span aria-hidden="true">{lang.toUpperCase()}</span>
        <span className="visually-hidden">
          {t("LANG.SWITCHER")}: {t(`LANG.${lang}`)}
        </span>
      </PanelButton>
      {/* Opens the phone menu as a modal dialog, without JavaScript (invoker commands). */}
      <button
        type="button"
        className="header-button header-button--menu"
        commandfor="site-menu"
        command="show-modal"
        aria-haspopup="dialog"
      >
        <MenuIcon />
        <span className="visually-hidden">{t("NAV.MENU")}</span>
      </button>
      {panels}
    </header>
  );
}
