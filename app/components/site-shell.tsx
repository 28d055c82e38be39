import type { ReactNode } from "react";
import type { MenuLink } from "~/lib/content-types";
import { useI18n } from "~/lib/i18n-context";
import { SiteFooter, type FooterContent } from "./site-footer";
import { SiteHeader, type HeaderAccount } from "./site-header";

/** Everything the shell shows, loaded by `loadShell` (app/lib/shell.server.ts). */
export interface ShellData {
  header: MenuLink[];
  footer: FooterContent;
  year: number;
  account: HeaderAccount;
}

/** The default layout around every page and error page: skip link, header, the page, footer. */
export function SiteShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("NAV.SKIP_TO_CONTENT")}
      </a>
      <SiteHeader menu={shell.header} account={shell.account} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter content={shell.footer} year={shell.year} />
    </>
  );
}
