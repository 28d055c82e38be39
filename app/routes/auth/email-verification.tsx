import { useState } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/email-verification";
import { FirebaseProvider, useFirebase } from "#app/components/auth/firebase-provider.tsx";
import { FormMessage } from "#app/components/auth/member-form.tsx";
import { SessionRefresh } from "#app/components/auth/session-refresh.tsx";
import { authErrorMessage } from "#app/lib/auth/firebase-errors.ts";
import { memberForLoader, memberScreenBasics, PRIVATE_HEADERS } from "#app/lib/auth/member-loader.server.ts";
import { dashboardPath, loginPath } from "#app/lib/auth/session.ts";
import { screenTitle } from "#app/lib/catalogues.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { NeedsJavaScript } from "#app/components/auth/needs-javascript.tsx";
import { MEMBER_FORM_MESSAGES, routeMessages } from "#app/lib/messages.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { requestStyles } from "#app/lib/page-styles.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export function loader({ context, request }: Route.LoaderArgs) {
  requestStyles(context, ["member"]);
  const app = context.get(appContext);
  const user = memberForLoader(app, request, "email-verification");
  return {
    ...memberScreenBasics(app),
    title: screenTitle(app.lang, "AUTH.VERIFY.TITLE"),
    email: user?.email ?? null,
    messages: routeMessages(app.lang, MEMBER_FORM_MESSAGES, ["AUTH.VERIFY", "AUTH.SESSION"]),
  };
}

/** The pending screen (SPEC section 4): resend the email, or say it is done and carry on. */
export default function EmailVerification({ loaderData }: Route.ComponentProps) {
  return (
    <FirebaseProvider config={loaderData.firebase}>
      {loaderData.email === null ? <SessionRefresh /> : <Pending email={loaderData.email} />}
    </FirebaseProvider>
  );
}

function Pending({ email }: { email: string }) {
  const { t, lang } = useI18n();
  const { runtime, user, ready } = useFirebase();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "error" | "success"; key: MessageKey } | null>(null);
  const navigate = useNavigate();

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setOutcome(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  const resend = () =>
    run(async () => {
      if (!runtime || !user) return;
      try {
        await runtime.sdk.sendEmailVerification(user);
        setOutcome({ tone: "success", key: "SUCCESS.EMAIL_SENT" });
      } catch (error) {
        setOutcome({ tone: "error", key: authErrorMessage(error, "AUTH_ERROR.EMAIL_SENT_ERROR") });
      }
    });

  // Reloads the user and force-refreshes the token: only a fresh token carries email_verified.
  const alreadyVerified = () =>
    run(async () => {
      if (!runtime || !user) return;
      try {
        await user.reload();
        if (!user.emailVerified) return setOutcome({ tone: "error", key: "AUTH_ERROR.STILL_UNVERIFIED" });
        await user.getIdToken(true);
        if (!(await runtime.syncSession(user))) return setOutcome({ tone: "error", key: "AUTH_ERROR.UNEXPECTED" });
        navigate(dashboardPath(lang));
      } catch (error) {
        setOutcome({ tone: "error", key: authErrorMessage(error) });
      }
    });

  const signOut = () =>
    run(async () => {
      if (!runtime) return;
      await runtime.sdk.signOut(runtime.auth);
      await runtime.syncSession(null);
      navigate(loginPath(lang));
    });

  return (
    <section className="form member-screen" aria-labelledby="verify-title" aria-busy={busy || undefined}>
      <h1 id="verify-title" className="form__title">
        {t("AUTH.VERIFY.TITLE")}
      </h1>
      <p>{t("AUTH.VERIFY.INTRO", { email })}</p>
      <NeedsJavaScript />
      {outcome ? <FormMessage tone={outcome.tone}>{t(outcome.key)}</FormMessage> : null}
      <fieldset className="form__fields member-actions needs-js" disabled={busy || !ready}>
        <Button variant="primary" onClick={alreadyVerified}>
          {t("AUTH.VERIFY.ALREADY")}
        </Button>
        <Button onClick={resend}>{t("AUTH.VERIFY.RESEND")}</Button>
        <Button onClick={signOut}>{t("AUTH.SESSION.SIGN_OUT")}</Button>
      </fieldset>
    </section>
  );
}
