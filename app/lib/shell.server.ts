import type { AppContext } from "./context.server";
import { freeze } from "./frozen";
import { perObject } from "./per-object";
import type { SiteConfig } from "./content-types";
import type { PageSession } from "./auth/session";
import { requestProfile } from "./auth/members.server";
import type { HeaderAccount } from "#app/components/site-header.tsx";
import type { ShellData } from "#app/components/site-shell.tsx";

/** The first letter of a name or address, whole even outside the Basic Multilingual Plane. */
function initialOf(text: string | null | undefined): string | null {
  const first = Array.from(text?.trim() ?? "")[0];
  return first ? first.toLocaleUpperCase() : null;
}

/**
 * "Mi cuenta" with the member's initial, or "Iniciar sesión": from the session the Worker verified.
 * The initial is the member's name's ("L" for Lucía), the email's only while they have given none.
 */
export function headerAccount(session: PageSession, name: string | null = null): HeaderAccount {
  if (session.status === "none") return { signedIn: false, initial: null };
  const email = session.status === "active" ? session.user.email : null;
  return { signedIn: true, initial: initialOf(name) ?? initialOf(email) };
}

/** The signed-in member's first name from their profile; none without an active session. */
async function memberName(app: AppContext): Promise<string | null> {
  if (app.session.status !== "active") return null;
  return (await requestProfile(app, app.session.user.uid)).name;
}

/** The footer's part of a language's site configuration, once per configuration object. */
export const footerOf = perObject((config: SiteConfig) => ({
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
export async function loadShell(app: AppContext): Promise<ShellData> {
  const [config, name] = await Promise.all([app.content.getSiteConfig(app.lang), memberName(app)]);
  return {
    header: freeze(config.header_menu),
    footer: freeze(footerOf(config)),
    year: new Date().getUTCFullYear(),
    account: headerAccount(app.session, name),
  };
}
