import { Link } from "react-router";
import type { Route } from "./+types/password-reset";
import { FirebaseProvider, useFirebaseOnDemand } from "~/components/auth/firebase-provider";
import { MemberField, MemberFormBody, useMemberForm } from "~/components/auth/member-form";
import { PasswordResetSchema } from "~/lib/auth/auth-schemas";
import { passwordResetOutcome } from "~/lib/auth/firebase-errors";
import { memberScreenBasics, screenHead } from "~/lib/auth/member-loader.server";
import { loginPath } from "~/lib/auth/session";
import { appContext } from "~/lib/context.server";
import { useI18n } from "~/lib/i18n-context";
import { MEMBER_FORM_MESSAGES, routeMessages } from "~/lib/messages.server";

/** Title, description, canonical and alternates, noindex (app/lib/seo.ts `screenMeta`), built by the loader. */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export function loader({ context }: Route.LoaderArgs) {
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
