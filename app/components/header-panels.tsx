import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { MenuLink } from "#app/lib/content-types.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { AppLink } from "./app-link";
import { LanguageLinks, LanguageSwitcher } from "./language-switcher";
import { Icon } from "./ui/icon";
import { accountHref, MenuLinks, PRIMARY_LINKS, type HeaderAccount } from "./site-header";
import { Button } from "#app/components/ui/button.tsx";

/** The events list's search (`?search=`), as a plain GET form: it works without JavaScript. */
function EventSearch({ id }: { id: string }) {
  const { lang, t } = useI18n();
  return (
    <form className="header-search" method="get" action={`/${lang}/events/`} role="search">
      <label htmlFor={id}>{t("EVENTS.SEARCH_LABEL")}</label>
      <input id={id} className="input" type="search" name="search" maxLength={80} />
      <Button type="submit" variant="primary" color="primary">
        {t("EVENTS.SEARCH_BUTTON")}
      </Button>
    </form>
  );
}

/**
 * The header's popovers ("More", the event search, the languages) and the full-screen phone menu
 * (a modal dialog). Their buttons sit in the header bar (app/components/site-header.tsx); the
 * browser opens and closes them (Escape, a click outside a popover) without JavaScript, and puts
 * each popover right after its button in the keyboard order. Keyed by the path, they close when a
 * link navigates. Their code loads when the header is wanted.
 */
export function HeaderPanels({ menu, account }: { menu: MenuLink[]; account: HeaderAccount }) {
  const { pathname } = useLocation();
  const more = menu.slice(PRIMARY_LINKS);
  return (
    <>
      {more.length > 0 ? (
        <div key={pathname} id="nav-more" className="header-popover site-nav__more-menu" popover="auto">
          <MenuLinks items={more} />
        </div>
      ) : null}
      <SearchPanel key={pathname} />
      <LanguageSwitcher key={pathname} />
      <PhoneMenu key={pathname} menu={menu} account={account} />
    </>
  );
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled])";

/**
 * Focus goes into a popover when it opens, to its first control: the search field of the search
 * panel (a visitor who opened it wants to type), the Close button of the phone menu, unless it is
 * inside already.
 *
 * `keepInside`: while the full-screen phone menu is open it is all there is on the screen: Tab and
 * Shift+Tab go round its controls instead of leaving for the browser's own controls (the page
 * behind is inert while the modal dialog is open).
 */
function useFocusOnOpen<Panel extends HTMLElement = HTMLDivElement>({ keepInside }: { keepInside: boolean }) {
  const popover = useRef<Panel>(null);
  useEffect(() => {
    const element = popover.current;
    if (!element) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      // The browser announces the opening a task later, and keys typed meanwhile come first: a
      // visitor who has already moved on inside keeps their place.
      if (element.contains(document.activeElement)) return;
      element.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || !keepInside) return;
      const controls = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const edge = event.shiftKey ? controls[0] : controls.at(-1);
      if (document.activeElement !== edge) return;
      event.preventDefault();
      (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
    };
    element.addEventListener("toggle", onToggle);
    element.addEventListener("keydown", onKeyDown);
    // Marks the popover as working (tests wait for it), as hydrated forms are marked.
    element.setAttribute("data-hydrated", "");
    return () => {
      element.removeEventListener("toggle", onToggle);
      element.removeEventListener("keydown", onKeyDown);
    };
  }, [keepInside]);
  return popover;
}

/**
 * Where the browser has no invoker commands yet, the menu's buttons run their command here
 * once this code has loaded (the header loads it as soon as it is pointed at or focused).
 */
function useInvokerCommands(dialog: { current: HTMLDialogElement | null }) {
  useEffect(() => {
    const element = dialog.current;
    if (!element || "command" in HTMLButtonElement.prototype) return;
    const onClick = (event: MouseEvent) => {
      const button =
        event.target instanceof Element ? event.target.closest(`button[commandfor="${element.id}"]`) : null;
      const command = button?.getAttribute("command");
      if (command === "show-modal" && !element.open) element.showModal();
      else if (command === "close") element.close();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [dialog]);
}

/** The desktop header's event search, opened by the search button. */
function SearchPanel() {
  const ref = useFocusOnOpen({ keepInside: false });
  return (
    <div ref={ref} id="header-search" className="header-popover header-popover--search" popover="auto">
      <EventSearch id="header-search-input" />
    </div>
  );
}

/**
 * The phone menu, over the whole screen (and so over the header bar): the event search, every
 * menu link, then the account and the languages the bar offers beside the menu button.
 * A modal dialog, opened with `showModal` by the menu button's invoker command (no JavaScript
 * needed): the browser moves focus to its first control, makes the page behind inert, closes it
 * on Escape and gives focus back to the menu button.
 */
function PhoneMenu({ menu, account }: { menu: MenuLink[]; account: HeaderAccount }) {
  const { lang, t } = useI18n();
  const ref = useFocusOnOpen<HTMLDialogElement>({ keepInside: true });
  useInvokerCommands(ref);
  return (
    // Only ever shown with showModal, so it says so before the browser's own state does.
    <dialog ref={ref} id="site-menu" className="site-menu on-night" aria-label={t("NAV.MENU")} aria-modal="true">
      <button type="button" className="header-button header-button--close" commandfor="site-menu" command="close">
        <Icon d="m5 5 14 14M19 5 5 19" />
        <span className="visually-hidden">{t("NAV.CLOSE_MENU")}</span>
      </button>
      <EventSearch id="site-menu-search" />
      <nav className="site-menu__links" aria-label={t("NAV.MAIN")}>
        <MenuLinks items={menu} />
      </nav>
      <div className="site-menu__more">
        <AppLink to={accountHref(lang, account)} className="site-menu__account">
          {t(account.signedIn ? "NAV.MY_ACCOUNT" : "NAV.SIGN_IN")}
        </AppLink>
        <nav className="site-menu__languages" aria-label={t("LANG.SWITCHER")}>
          <LanguageLinks />
        </nav>
      </div>
    </dialog>
  );
}
