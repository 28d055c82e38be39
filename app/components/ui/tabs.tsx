import { NavLink } from "react-router";

/** One section a tab row leads to. */
export interface TabLink {
  to: string;
  label: string;
  /** Current only on this exact path, not below it (an overview whose sections sit under it). */
  end?: boolean;
}

/**
 * A row of tabs that are links to the sections of a screen: a labelled `<nav>` whose current
 * tab carries `aria-current="page"` (NavLink sets it) and the blue underline. Links, not ARIA
 * tabs, because each section has its own address and works without JavaScript.
 */
export function TabNav({
  label,
  tabs,
  className,
  reloadDocument,
}: {
  label: string;
  tabs: readonly TabLink[];
  className?: string;
  /** Each tab loads its page as a document (offline, where a service worker may hold the page but not its data). */
  reloadDocument?: boolean;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="tabs">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink className="tabs__tab" to={tab.to} end={tab.end} reloadDocument={reloadDocument}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
