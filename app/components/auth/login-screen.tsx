import { Link, useNavigate } from "react-router";
import { FirebaseProvider, useFirebaseOnDemand } from "#app/components/auth/firebase-provider.tsx";
import { FormMessage, MemberField, MemberFormBody, useMemberForm } from "#app/components/auth/member-form.tsx";
import { LoginSchema } from "#app/lib/auth/auth-schemas.ts";
import type { FirebaseClientConfig } from "#app/lib/auth/firebase-config.ts";
import { authErrorMessage } from "#app/lib/auth/firebase-errors.ts";
import { emailVerificationPath, passwordResetPath, registerPath } from "#app/lib/auth/session.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";

export interface LoginScreenProps {
  firebase: FirebaseClientConfig;
  /** Where a verified member goes once signed in (same-site only, checked by the loader). */
  returnTo: string;
  /** The account was just removed: the screen says so. */
  deleted: boolean;
}

/**
 * Sign in with email and password, then back to where the member was going. The sign-in route
 * loads this module when the form is wanted (app/routes/auth/login.tsx).
 */
export function LoginScreen({ firebase, returnTo, deleted }: LoginScreenProps) {
  return (
    <FirebaseProvider config={firebase} onDemand>
      <LoginForm returnTo={returnTo} deleted={deleted} />
    </FirebaseProvider>
  );
}

function LoginForm({ returnTo, deleted }: Omit<LoginScreenProps, "firebase">) {
  const { t, lang } = useI18n();
  const { screen, load } = useFirebaseOnDemand();
  const form = useMemberForm(LoginSchema);
  const navigate = useNavigate();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) =>
    form.submit(event, async ({ email, password }) => {
      try {
        const runtime = await load();
        const { user } = await runtime.sdk.signInWithEmailAndPassword(runtime.auth, email, password);
        // Without the session cookie the guarded pages would send the member straight back here.
        if (!(await runtime.syncSession(user))) return form.setOutcome({ tone: "error", key: "AUTH_ERROR.UNEXPECTED" });
        navigate(user.emailVerified ? returnTo : emailVerificationPath(lang));
      } catch (error) {
        form.setOutcome({ tone: "error", key: authErrorMessage(error) });
      }
    });

  return (
    <section ref={screen} className="form member-screen" aria-labelledby="login-title">
      <h1 id="login-title" className="form__title">
        {t("AUTH.LOGIN.TITLE")}
      </h1>
      <p className="form__hint">{t("AUTH.LOGIN.INTRO")}</p>
      {deleted ? <FormMessage tone="success">{t("SUCCESS.USER_DELETED")}</FormMessage> : null}
      <MemberFormBody formId="login" form={form} onSubmit={onSubmit} submitLabel="AUTH.LOGIN.SUBMIT">
        <MemberField
          formId="login"
          name="email"
          type="email"
          autoComplete="email"
          label={t("FIELD.email")}
          error={form.errorFor("email")}
        />
        <MemberField
          formId="login"
          name="password"
          type="password"
          autoComplete="current-password"
          label={t("FIELD.password")}
          error={form.errorFor("password")}
        />
      </MemberFormBody>
      <p>
        <Link to={passwordResetPath(lang)}>{t("AUTH.LOGIN.FORGOT")}</Link>
      </p>
      <p>
        {t("AUTH.LOGIN.NO_ACCOUNT")} <Link to={registerPath(lang)}>{t("AUTH.LOGIN.REGISTER_LINK")}</Link>
      </p>
    </section>
  );
}
