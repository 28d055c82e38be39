import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { appContext } from "~/lib/context.server";
import { useI18n } from "~/lib/i18n-context";

export async function loader({ context }: Route.LoaderArgs) {
  const { content, lang } = context.get(appContext);
  const config = await content.getSiteConfig(lang);
  return { header: config.header_menu, footer: config.footer_menu, year: new Date().getUTCFullYear() };
}

/** The one default layout: skip link, header, the page, footer. */
export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("NAV.SKIP_TO_CONTENT")}
      </a>
      <SiteHeader menu={loaderData.header} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter menu={loaderData.footer} year={loaderData.year} />
    </>
  );
}
