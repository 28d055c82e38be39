import { data, Form, redirect, useNavigation } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/settings";
import { DeleteAccount } from "#app/components/auth/delete-account.tsx";
import { NeedsJavaScript } from "#app/components/auth/needs-javascript.tsx";
import { PasswordChange } from "#app/components/auth/password-change.tsx";
import { SignOutEverywhere } from "#app/components/auth/sign-out-everywhere.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { requestProfile, saveProfile } from "#app/lib/auth/members.server.ts";
import { memberForLoader } from "#app/lib/auth/member-loader.server.ts";
import { dashboardPath } from "#app/lib/auth/session.ts";
import { answerOrFailure, unlessSubmissionFailed } from "#app/lib/forms/client-action.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { LANGUAGES, langCookie } from "#app/lib/languages.ts";
import { MEMBER_FORM_BODY_LIMIT, readFormWithin } from "#app/lib/request-body.ts";
import { dashboardMeta } from "#app/lib/auth/dashboard-titles.ts";

const LanguageChoice = v.object({ lang: v.picklist(LANGUAGES) });

export const meta = dashboardMeta("settings");
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  if (!user) return null;
  const profile = await requestProfile(app, user.uid);
  return { email: user.email ?? "", lang: profile.lang };
}

/**
 * Changes the language: saved in the profile and the language cookie, then the same settings
 * page in the new language tree, so the dashboard continues in it.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "dashboard");
  const read = await readFormWithin(request, MEMBER_FORM_BODY_LIMIT);
  if (!read.ok) return data({ failed: true }, read.status);
  const parsed = v.safeParse(LanguageChoice, Object.fromEntries(read.form));
  if (!user || !parsed.success) return { failed: true };
  await saveProfile(app.env.DB, user, { lang: parsed.output.lang }, app.lang);
  throw redirect(`${dashboardPath(parsed.output.lang)}settings/`, {
    headers: { "Set-Cookie": langCookie(parsed.output.lang, app.services.cookies.secure) },
  });
}

/** A language post that got no answer shows the form's error instead of the error page. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return answerOrFailure(request, serverAction);
}
export const shouldRevalidate = unlessSubmissionFailed;

/** Settings: update the password, change the language, remove the account. */
export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const submitting = useNavigation().state === "submitting";
  if (!loaderData) return null;
  return (
    <div className="dashboard__settings">
      {/* Once for the page: the password, sign-out and removal need the identity SDK (the
          language form does not); their controls hide without JavaScript. */}
      <NeedsJavaScript />
      <PasswordChange email={loaderData.email} />
      <Card as="section" className="form" aria-labelledby="language-title">
        <h2 id="language-title" className="form__title">
          {t("DASHBOARD.SETTINGS.LANGUAGE_TITLE")}
        </h2>
        {actionData?.failed ? (
          <p className="form-summary" role="alert">
            {t("FORM.GENERIC_ERROR")}
          </p>
        ) : null}
        <Form method="post">
          <fieldset className="form__fields" disabled={submitting}>
            <Field
              control="select"
              id="settings-lang"
              name="lang"
              label={t("LANG.SWITCHER")}
              options={LANGUAGES.map((code) => ({ value: code, label: t(`LANG.${code}`) }))}
              defaultValue={loaderData.lang}
            />
            <Button type="submit" variant="primary" loading={submitting} loadingLabel={t("AUTH.WORKING")}>
              {t("DASHBOARD.SETTINGS.LANGUAGE_SUBMIT")}
            </Button>
          </fieldset>
        </Form>
      </Card>
      <SignOutEverywhere />
      <DeleteAccount email={loaderData.email} />
    </div>
  );
}
