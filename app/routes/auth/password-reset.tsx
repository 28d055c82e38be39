import { Link } from "react-router";
import type { Route } from "./+types/password-reset";
import { FirebaseProvider, useFirebaseOnDemand } from "#app/components/auth/firebase-provider.tsx";
import { MemberField, MemberFormBody, useMemberForm } from "#app/components/auth/member-form.tsx";
import { PasswordResetSchema } from "#app/lib/auth/auth-schemas.ts";
import { passwordResetOutcome } from "#app/lib/auth/firebase-errors.ts";
import { memberScreenBasics, screenHead } from "#app/lib/auth/member-loader.server.ts";
import { loginPath } from "#app/lib/auth/session.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { MEMBER_FORM_MESSAGES, routeMessages } from "#app/lib/messages.server.ts";
import { requestStyles } from "#app/lib/page-styles.server.ts";

/** Title, description, canonical and alternates, noindex (app/lib/seo.ts `screenMeta`), built by the loader. */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export function loader({ context }: Route.LoaderArgs) {
  requestStyles(context, ["member"]);
  const app = context.get(appContext);
  return {
    ...memberScreenBasics(app),
    ...screenHead(app, "password-reset", "AUTH.RESET"),
    messages: routeMessages(app.lang, MEMBER_FORM_MESSAGES, ["AUTH.RESET"]),
  };
}

/** Sends Firebase's password reset email; the link lets the member choose a new password. */
export default function PasswordReset({ loaderData }: Route.ComponentProps) {
  return (
    <FirebaseProvider config={loaderData.firebase} onDemand>
      <PasswordResetForm />
    </FirebaseProvider>
  );
}

function PasswordResetForm() {
  const { t, lang } = useI18n();
  const { screen, load } = useFirebaseOnDemand();
  const form = useMemberForm(PasswordResetSchema);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) =>
    form.submit(event, async ({ email }) => {
      try {
        const runtime = await load();
        await runtime.sdk.sendPasswordResetEmail(runtime.auth, email);
        form.setOutcome(passwordResetOutcome(null));
      } catch (error) {
        form.setOutcome(passwordResetOutcome(error));
      }
    });

  return (
    <section ref={screen} className="form member-screen" aria-labelledby="reset-title">
      <h1 id="reset-title" className="form__title">
        {t("AUTH.RESET.TITLE")}
      </h1>
      <p className="form__hint">{t("AUTH.RESET.INTRO")}</p>
      <MemberFormBody formId="reset" form={form} onSubmit={onSubmit} submitLabel="AUTH.RESET.SUBMIT">
        <MemberField
          formId="reset"
          name="email"
          type="email"
          autoComplete="email"
          label={t("FIELD.email")}
          error={form.errorFor("email")}
        />
      </MemberFormBody>
      <p>
        <Link to={loginPath(lang)}>{t("AUTH.RESET.BACK")}</Link>
      </p>
    </section>
  );
}
