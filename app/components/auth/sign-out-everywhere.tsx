import { useState } from "react";
import { useNavigate } from "react-router";
import { useFirebase } from "./firebase-provider";
import { FormMessage } from "./member-form";
import { authErrorMessage } from "#app/lib/auth/firebase-errors.ts";
import { loginPath } from "#app/lib/auth/session.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";

/**
 * Sign out of all devices: the API records a revocation time, so every session that signed in
 * before it (other browsers, a lost phone, this one) is refused from now on, even when its
 * browser refreshes the token; then this browser signs out and lands on the login page.
 */
export function SignOutEverywhere() {
  const { t, lang } = useI18n();
  const { runtime, user, ready } = useFirebase();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const navigate = useNavigate();

  async function signOutEverywhere() {
    if (!runtime || !user) return;
    setBusy(true);
    setFailure(null);
    try {
      const response = await runtime.memberFetch(lang, "/api/me/sessions", { method: "DELETE" });
      if (!response.ok) return setFailure("AUTH_ERROR.UNEXPECTED");
      await runtime.sdk.signOut(runtime.auth);
      await runtime.syncSession(null);
      navigate(loginPath(lang));
    } catch (error) {
      setFailure(authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" className="form" aria-labelledby="sign-out-all-title">
      <h2 id="sign-out-all-title" className="form__title">
        {t("DASHBOARD.SETTINGS.SIGN_OUT_ALL_TITLE")}
      </h2>
      <p>{t("DASHBOARD.SETTINGS.SIGN_OUT_ALL_TEXT")}</p>
      {failure ? <FormMessage tone="error">{t(failure)}</FormMessage> : null}
      <Button className="needs-js" disabled={!ready} loading={busy} onClick={signOutEverywhere}>
        {t("DASHBOARD.SETTINGS.SIGN_OUT_ALL_BUTTON")}
      </Button>
    </Card>
  );
}
