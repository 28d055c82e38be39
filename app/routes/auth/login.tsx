import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/login";
import { FirebaseProvider, useFirebaseOnDemand } from "#app/components/auth/firebase-provider.tsx";
import { FormMessage, MemberField, MemberFormBody, useMemberForm } from "#app/components/auth/member-form.tsx";
import { LoginSchema } from "#app/lib/auth/auth-schemas.ts";
import { authErrorMessage } from "#app/lib/auth/firebase-errors.ts";
import { memberScreenBasics, passSignedInMember, screenHead } from "#app/lib/auth/member-loader.server.ts";
import { emailVerificationPath, passwordResetPath, registerPath, safeReturnPath } from "#app/lib/auth/session.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { MEMBER_FORM_MESSAGES, routeMessages } from "#app/lib/messages.server.ts";
import { requestStyles } from "#app/lib/page-styles.server.ts";
import { ForgetOfflineTickets } from "#app/components/auth/offline-tickets.tsx";

/** Title, description, canonical and alternates, noindex (app/lib/seo.ts `screenMeta`), built by the loader. */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export function loader({ context, request }: Route.LoaderArgs) {
  requestStyles(context, ["member"]);
  const app = context.get(appContext);
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"), app.lang);
  passSignedInMember(app, returnTo);
  return {
    ...memberScreenBasics(app),
    ...screenHead(app, "login", "AUTH.LOGIN"),
    returnTo,
    deleted: url.searchParams.has("deleted"),
    // No session at all (not one that merely needs refreshing): offline tickets go (docs/tickets.md).
    signedOut: app.session.status === "none",
    messages: routeMessages(app.lang, MEMBER_FORM_MESSAGES, ["AUTH.LOGIN"]),
  };
}

/** Sign in with email and password, then back to where the member was going (same-site only). */
export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <FirebaseProvider config={loaderData.firebase} onDemand>
      {loaderData.signedOut ? <ForgetOfflineTickets /> : null}
      <LoginForm returnTo={loaderData.returnTo} deleted={loaderData.deleted} />
    </FirebaseProvider>
  );
}

function LoginForm({ returnTo, deleted }: { returnTo: string; deleted: boolean }) {
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
