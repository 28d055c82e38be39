import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { isCrossSiteRefusal } from "#app/lib/cross-site.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import type { loader as RootLoader } from "#app/root.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * The one error page behind every error boundary, for the error that reached it (404 title for
 * 404, 503 for a CMS outage, the 500 title otherwise; a same-site refusal says so), its document
 * title in the visitor's language,
 * shown inside the site's shell: a human message and the ways back, home and the events. The
 * routing message ('Page not found: {path}') stays in the error's data, never on screen. Its code
 * loads only when an error page shows (app/components/site-shell.tsx).
 */
export function ErrorPage() {
  const { lang, t } = useI18n();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Crawlers get the status and title only, without the interactive display.
  const interactive = !useRouteLoaderData<typeof RootLoader>("root")?.isCrawler;
  const kind = status === 404 || status === 503 ? status : 500;
  return (
    <div className="error-page">
      <title>{t(`ERROR.${kind}.TITLE`)}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{t(`ERROR.${kind}.TITLE`)}</h1>
      {interactive ? (
        <>
          <p className="error-page__message">
            {isCrossSiteRefusal(error) ? t("FORM.CROSS_SITE") : t(`ERROR.${kind}.DESCRIPTION`)}
          </p>
          <p className="error-page__actions">
            {/* The way on to tickets leads, in the colour of buying. */}
            <a className={buttonClass({ variant: "primary", color: "buy", size: "l" })} href={`/${lang}/events/`}>
              {t("ERROR.EVENTS")}
            </a>
            <a className={buttonClass({ size: "l" })} href={`/${lang}/`}>
              {t("ERROR.BACK")}
            </a>
          </p>
        </>
      ) : null}
    </div>
  );
}
