import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/register";
import { FirebaseProvider, useFirebaseOnDemand } from "#app/components/auth/firebase-provider.tsx";
import { MemberField, MemberFormBody, useMemberForm } from "#app/components/auth/member-form.tsx";
import { RegisterSchema } from "#app/lib/auth/auth-schemas.ts";
import { authErrorMessage } from "#app/lib/auth/firebase-errors.ts";
import { memberScreenBasics, passSignedInMember, screenHead } from "#app/lib/auth/member-loader.server.ts";
import { emailVerificationPath, loginPath } from "#app/lib/auth/session.ts";
import { appContext } from "#app/lib/context.server.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { MEMBER_FORM_MESSAGES, routeMessages } from "#app/lib/messages.server.ts";
import { requestStyles } from "#app/lib/page-styles.server.ts";

/** Title, description, canonical and alternates, noindex (app/lib/seo.ts `screenMeta`), built by the loader. */
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export function loader({ context }: Route.LoaderArgs) {
  requestStyles(context, ["member"]);
  const app = context.get(appContext);
  passSignedInMember(app);
  return {
    ...memberScreenBasics(app),
    ...screenHead(app, "register", "AUTH.REGISTER"),
    messages: routeMessages(app.lang, MEMBER_FORM_MESSAGES, ["AUTH.REGISTER", "FORMS.PRIVACY_LINK"]),
  };
}

/** Registration: the Firebase account, the verification email, the name and surname in D1. */
export default function Register({ loaderData }: Route.ComponentProps) {
  return (
    <FirebaseProvider config={loaderData.firebase} onDemand>
      <RegisterForm />
    </FirebaseProvider>
  );
}

function RegisterForm() {
  const { t, lang } = useI18n();
  const { screen, load } = useFirebaseOnDemand();
  const form = useMemberForm(RegisterSchema);
  const navigate = useNavigate();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) =>
    form.submit(event, async ({ name, surname, email, password }) => {
      try {
        const runtime = await load();
        const { sdk, auth } = runtime;
        const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
        await sdk.updateProfile(user, { displayName: `${name} ${surname}` });
        await runtime.syncSession(user);
        await runtime.memberFetch(lang, "/api/me", {
          method: "PATCH",
          body: JSON.stringify({ name, surname, lang }),
        });
        await sdk
          .sendEmailVerification(user)
          .catch(() => form.setOutcome({ tone: "error", key: "AUTH_ERROR.EMAIL_SENT_ERROR" }));
        navigate(emailVerificationPath(lang));
      } catch (error) {
        form.setOutcome({ tone: "error", key: authErrorMessage(error) });
      }
    });

  const field = (
    name: "name" | "surname" | "email" | "password" | "passwordConfirmation",
    type: "text" | "email" | "password",
    autoComplete: string,
  ) => (
    <MemberField
      formId="register"
      name={name}
      type={type}
      autoComplete={autoComplete}
      label={t(`FIELD.${name}`)}
      error={form.errorFor(name)}
    />
  );

  return (
    <section ref={screen} className="form member-screen" aria-labelledby="register-title">
      <h1 id="register-title" className="form__title">
        {t("AUTH.REGISTER.TITLE")}
      </h1>
      <p className="form__hint">{t("AUTH.REGISTER.INTRO")}</p>
      <MemberFormBody formId="register" form={form} onSubmit={onSubmit} submitLabel="AUTH.REGISTER.SUBMIT">
        {field("name", "text", "given-name")}
        {field("surname", "text", "family-name")}
        {field("email", "email", "email")}
        {field("password", "password", "new-password")}
        {field("passwordConfirmation", "password", "new-password")}
        {/* The account stores personal details: the policy that covers them is said before the button.
            The same link as a form's privacy box (CheckboxField), written out: a module shared by
            both became a chunk of its own and cost every public page's first load a preload. */}
        <p className="form__hint">
          {t("AUTH.REGISTER.PRIVACY_NOTICE")}{" "}
          <a href={`/${lang}/privacy/`} target="_blank" rel="noopener">
            {t("FORMS.PRIVACY_LINK")}
          </a>
        </p>
      </MemberFormBody>
      <p>
        {t("AUTH.REGISTER.HAVE_ACCOUNT")} <Link to={loginPath(lang)}>{t("AUTH.REGISTER.LOGIN_LINK")}</Link>
      </p>
    </section>
  );
}
