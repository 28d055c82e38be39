import type { Route } from "./+types/cookie-settings";
import { ConsentForm } from "#app/components/consent/consent-form.tsx";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { CONSENT_COOKIE, currentConsent, NO_CHOICES } from "#app/lib/consent/consent.ts";
import { thirdPartiesFromEnv } from "#app/lib/consent/third-parties.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { HTML_LANG, readCookie, type Lang } from "#app/lib/languages.ts";
import { screenMeta } from "#app/lib/seo.ts";

/**
 * Title, description, canonical and alternates like any screen, noindex: a form about the
 * visitor's own choice is nothing to find in a search engine (app/lib/seo.ts `screenMeta`).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** The page shows the visitor's own choice: never stored by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function loader({ context, request }: Route.LoaderArgs) {
  const { env, lang, origin } = context.get(appContext);
  const consent = currentConsent(readCookie(request.headers.get("Cookie"), CONSENT_COOKIE));
  const t = translatorFor(lang);
  return {
    meta: screenMeta({
      origin,
      lang,
      slug: "cookie-settings",
      title: t("CONSENT.SETTINGS"),
      description: t("CONSENT.SETTINGS_INTRO"),
      t,
    }),
    date: consent ? decisionDay(consent.date, lang) : null,
    choices: consent?.choices ?? NO_CHOICES,
    thirdParties: thirdPartiesFromEnv(env),
    saved: new URL(request.url).searchParams.has("saved") && consent !== null,
    // The plain form's post was refused (a broken or tampered body, too many tries): say so here.
    failed: new URL(request.url).searchParams.has("error"),
  };
}

/** The day of a decision (`YYYY-MM-DD`, from the cookie) as the page's language writes dates. */
function decisionDay(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(HTML_LANG[lang], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/**
 * Cookie settings without JavaScript: the footer's "Cookie settings" link leads here when the
 * banner's script is not running. Its plain form posts to `POST /api/consent`, which records
 * the decision and comes back here with `?saved=1`.
 */
export default function CookieSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { date, choices, thirdParties, saved, failed } = loaderData;
  return (
    <section className="consent-page" aria-labelledby="consent-page-title">
      <h1 id="consent-page-title">{t("CONSENT.SETTINGS")}</h1>
      {saved ? (
        <p className="consent-page__saved" role="status">
          {t("CONSENT.SAVED")}
        </p>
      ) : null}
      {failed ? (
        <p className="consent-page__saved consent-page__saved--error" role="alert">
          {t("CONSENT.SAVE_ERROR")}
        </p>
      ) : null}
      <p>{t("CONSENT.SETTINGS_INTRO")}</p>
      {date ? <p>{t("CONSENT.CURRENT", { date })}</p> : null}
      <ConsentForm key={JSON.stringify(choices)} choices={choices} parties={thirdParties} />
    </section>
  );
}
