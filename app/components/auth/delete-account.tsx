import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useFirebase } from "./firebase-provider";
import { FormMessage, MemberErrorSummary, MemberField, useMemberForm } from "./member-form";
import { ReauthSchema } from "#app/lib/auth/auth-schemas.ts";
import { authErrorMessage, currentPasswordErrorMessage, isRecentLoginRequired } from "#app/lib/auth/firebase-errors.ts";
import { loginPath } from "#app/lib/auth/session.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { Button } from "#app/components/ui/button.tsx";

type Step = "idle" | "confirm" | "reauth";

/**
 * Remove account: a confirmation that says it cannot be undone; the API deletes the member's D1
 * data (it insists on a recent sign-in), then the Firebase user is deleted. A stale sign-in asks
 * for the password again and carries on. Ends on the login page with the success message.
 */
export function DeleteAccount({ email }: { email: string }) {
  const { t, lang } = useI18n();
  const { runtime, user, ready } = useFirebase();
  const [step, setStep] = useState<Step>("idle");
  const [busy, setBusy] = useState(false);
  const reauth = useMemberForm(ReauthSchema);
  const setFailure = (key: MessageKey | null) => reauth.setOutcome(key && { tone: "error", key });
  const navigate = useNavigate();
  const section = useFocusOnStep(step);

  async function remove() {
    if (!runtime || !user) return;
    setBusy(true);
    setFailure(null);
    try {
      const response = await runtime.memberFetch(lang, "/api/me", { method: "DELETE" });
      if (response.status === 401) return setStep("reauth");
      if (!response.ok) return setFailure("AUTH_ERROR.UNEXPECTED");
      await runtime.sdk.deleteUser(user);
      await runtime.syncSession(null);
      navigate(`${loginPath(lang)}?deleted=1`);
    } catch (error) {
      if (isRecentLoginRequired(error)) return setStep("reauth");
      setFailure(authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const onReauth = (event: React.FormEvent<HTMLFormElement>) =>
    reauth.submit(event, async ({ currentPassword }) => {
      if (!runtime || !user) return;
      try {
        const { sdk } = runtime;
        await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(email, currentPassword));
        await remove();
      } catch (error) {
        setFailure(currentPasswordErrorMessage(error));
      }
    });

  return (
    <section className="form danger-zone" aria-labelledby="delete-title" ref={section}>
      <h2 id="delete-title" className="form__title">
        {t("DASHBOARD.SETTINGS.DELETE_TITLE")}
      </h2>
      <p>{t("DASHBOARD.SETTINGS.DELETE_WARNING")}</p>
      {reauth.outcome ? <FormMessage tone="error">{t(reauth.outcome.key)}</FormMessage> : null}
      {step === "idle" ? (
        <Button
          color="danger"
          className="needs-js"
          data-step-focus=""
          disabled={!ready}
          onClick={() => setStep("confirm")}
        >
          {t("DASHBOARD.SETTINGS.DELETE_BUTTON")}
        </Button>
      ) : null}
      {step === "confirm" ? (
        // The least destructive choice has focus (WAI-ARIA's alert dialog pattern): Enter pressed
        // twice must not delete an account. Escape is Cancel.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a dialog (its buttons' keys bubble here)
        <div
          role="alertdialog"
          aria-labelledby="delete-title"
          className="form__fields member-actions"
          onKeyDown={(event) => {
            if (event.key === "Escape" && !busy) setStep("idle");
          }}
        >
          <Button variant="primary" color="danger" loading={busy} onClick={remove}>
            {t("DASHBOARD.SETTINGS.DELETE_CONFIRM")}
          </Button>
          <Button data-step-focus="" disabled={busy} onClick={() => setStep("idle")}>
            {t("DASHBOARD.SETTINGS.DELETE_CANCEL")}
          </Button>
        </div>
      ) : null}
      {step === "reauth" ? <MemberErrorSummary formId="reauth" form={reauth} /> : null}
      {step === "reauth" ? (
        <form {...reauth.formProps} onSubmit={onReauth}>
          <p>{t("DASHBOARD.SETTINGS.REAUTH")}</p>
          <fieldset className="form__fields" disabled={reauth.pending || busy}>
            <MemberField
              formId="reauth"
              name="currentPassword"
              type="password"
              data-step-focus=""
              autoComplete="current-password"
              label={t("FIELD.currentPassword")}
              error={reauth.errorFor("currentPassword")}
            />
            <Button type="submit" variant="primary" color="danger" loading={reauth.pending}>
              {t("DASHBOARD.SETTINGS.REAUTH_SUBMIT")}
            </Button>
          </fieldset>
        </form>
      ) : null}
    </section>
  );
}

/**
 * Each step replaces the controls of the one before, and with them the element that had focus.
 * Focus goes to the new step's control marked `data-step-focus` (Cancel in the confirmation, the
 * password field; the remove button again after Cancel or Escape), so a keyboard user stays where the action is.
 * Only when the step changes: opening the settings page leaves focus alone.
 */
function useFocusOnStep(step: Step) {
  const section = useRef<HTMLElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    section.current?.querySelector<HTMLElement>("[data-step-focus]")?.focus();
  }, [step]);
  return section;
}
