import { useLocation } from "react-router";
import type { MenuLink } from "~/lib/content-types";
import { useI18n } from "~/lib/i18n-context";
import { LanguageSwitcher } from "./language-switcher";
import { Icon } from "./ui/icon";
import { MenuLinks, PRIMARY_LINKS } from "./site-header";

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

/**
 * The header's popovers: "More", the event search, the languages and the full-screen phone menu.
 * Their buttons sit in the header bar (app/components/site-header.tsx); the browser opens and
 * closes them (Escape, a click outside) without JavaScript, and puts each one right after its
 * button in the keyboard order. Keyed by the path, they close when a link navigates. Their code
 * loads when the header is wanted.
 */
export function HeaderPanels({ menu }: { menu: MenuLink[] }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const more = menu.slice(PRIMARY_LINKS);
  return (
    <>
      {more.length > 0 ? (
        <div key={pathname} id="nav-more" className="header-popover site-nav__more-menu" popover="auto">
          <MenuLinks items={more} />
        </div>
      ) : null}
      <div key={pathname} id="header-search" className="header-popover header-popover--search" popover="auto">
        <EventSearch id="header-search-input" />
      </div>
      <LanguageSwitcher key={pathname} />
      <div key={pathname} id="site-menu" className="site-menu on-night" popover="auto">
        <button
          type="button"
          className="header-button header-button--close"
          popoverTarget="site-menu"
          popoverTargetAction="hide"
        >
          <Icon d="m5 5 14 14M19 5 5 19" />
          <span className="visually-hidden">{t("NAV.CLOSE_MENU")}</span>
        </button>
        <EventSearch id="site-menu-search" />
        <nav aria-label={t("NAV.MAIN")}>
          <MenuLinks items={menu} />
        </nav>
      </div>
    </>
  );
}
