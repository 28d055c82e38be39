import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import { isChunkLoadError, reloadForChunkError } from "~/lib/chunk-reload";
import { useI18n } from "~/lib/i18n-context";
import type { loader as RootLoader } from "~/root";

interface ErrorPageProps {
  status: number;
  /** A state change refused by the same-site rule (403): say so instead of the generic text. */
  crossSite?: boolean;
  /** Crawlers get the status and title only, without the interactive display. */
  interactive: boolean;
}

/**
 * The one error page behind every error boundary (404 title for 404, the 500 title otherwise),
 * shown inside the site's shell: a human message and the ways back, home and the events. The
 * routing message ('Page not found: {path}') stays in the error's data, never on screen.
 */
export function ErrorPage({ status, interactive, crossSite = false }: ErrorPageProps) {
  const { lang, t } = useI18n();
  const kind = status === 404 ? "404" : "500";
  return (
    <div className="error-page">
      <title>{String(status)}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{t(`ERROR.${kind}.TITLE`)}</h1>
      {interactive ? (
        <>
          <p className="error-page__message">{crossSite ? t("FORM.CROSS_SITE") : t(`ERROR.${kind}.DESCRIPTION`)}</p>
          <p className="error-page__actions">
            <a className="button button--primary button--brand button--l" href={`/${lang}/`}>
              {t("ERROR.BACK")}
            </a>
            <a className="button button--l" href={`/${lang}/events/`}>
              {t("ERROR.EVENTS")}
            </a>
          </p>
        </>
      ) : null}
    </div>
  );
}

function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Whether the error is the same-site rule's refusal (root middleware in app/root.tsx). */
export function isCrossSiteRefusal(error: unknown): boolean {
  if (!isRouteErrorResponse(error) || error.status !== 403) return false;
  const body: unknown = error.data;
  return typeof body === "object" && body !== null && "crossSite" in body && body.crossSite === true;
}

/**
 * The error page for the error that reached this boundary. A failed load of a newer build's
 * code reloads the page once instead (app/lib/chunk-reload.ts).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof RootLoader>("root");
  if (typeof window !== "undefined" && isChunkLoadError(error)) {
    reloadForChunkError(sessionStorage, () => location.reload());
  }
  return <ErrorPage status={statusOf(error)} interactive={!root?.isCrawler} crossSite={isCrossSiteRefusal(error)} />;
}
