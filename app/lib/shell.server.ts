import type { AppContext } from "./context.server";
import { freeze } from "./frozen";
import { perObject } from "./per-object";
import type { SiteConfig } from "./content-types";
import type { PageSession } from "./auth/session";
import type { HeaderAccount } from "#app/components/site-header.tsx";
import type { ShellData } from "#app/components/site-shell.tsx";

/** "Mi cuenta" with the member's initial, or "Iniciar sesión": from the session the Worker verified. */
export function headerAccount(session: PageSession): HeaderAccount {
  if (session.status === "none") return { signedIn: false, initial: null };
  const email = session.status === "active" ? session.user.email : null;
  return { signedIn: true, initial: email ? email.charAt(0).toLocaleUpperCase() : null };
}

/** The footer's part of a language's site configuration, once per configuration object. */
const footerOf = perObject((config: SiteConfig) => ({
  visit: config.footer_visit,
  venue: config.footer_venue,
  legal: config.footer_legal,
  phone: config.box_office_phone,
  email: config.box_office_email,
  hours: config.box_office_hours,
  address: config.address,
  social: config.social_links,
  appStore: config.app_store_url ?? null,
  playStore: config.play_store_url ?? null,
}));

/**
 * What the header and footer show: the site configuration of the language (frozen, app/lib/frozen.ts:
 * the content source keeps one configuration object per content version) and the account entry.
 */
export async function loadShell({ content, lang, session }: AppContext): Promise<ShellData> {
  const config = await content.getSiteConfig(lang);
  return {
    header: freeze(config.header_menu),
    footer: freeze(footerOf(config)),
    year: new Date().getUTCFullYear(),
    account: headerAccount(session),
  };
}
