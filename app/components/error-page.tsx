import { useI18n } from "~/lib/i18n-context";

interface ErrorPageProps {
  status: number;
  /** The routing message, e.g. 'Page not found: /es/missing/'. */
  detail?: { key: "ERROR.NOT_FOUND" | "ERROR.FATAL_NOT_FOUND" | "FORM.CROSS_SITE"; path: string };
  /** Crawlers get the status and title only, without the interactive display. */
  interactive: boolean;
}

/** The one error page behind every error boundary (404 title for 404, the 500 title otherwise). */
export function ErrorPage({ status, detail, interactive }: ErrorPageProps) {
  const { lang, t } = useI18n();
  const kind = status === 404 ? "404" : "500";
  return (
    <main id="main" className="error-page" tabIndex={-1}>
      <title>{String(status)}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1>{t(`ERROR.${kind}.TITLE`)}</h1>
      {interactive ? (
        <>
          <p>{t(`ERROR.${kind}.DESCRIPTION`)}</p>
          {detail ? <p className="error-page__detail">{t(detail.key, { path: detail.path })}</p> : null}
          <a className="button button--primary" href={`/${lang}/`}>
            {t("ERROR.BACK")}
          </a>
        </>
      ) : null}
    </main>
  );
}
