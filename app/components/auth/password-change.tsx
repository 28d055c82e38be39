import { useFirebase } from "./firebase-provider";
import { MemberField, MemberFormBody, useMemberForm } from "./member-form";
import { PasswordChangeSchema } from "#app/lib/auth/auth-schemas.ts";
import { currentPasswordErrorMessage } from "#app/lib/auth/firebase-errors.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { Card } from "#app/components/ui/card.tsx";

/**
 * Update password: the current password is required (it re-authenticates the member, which
 * Firebase demands for this change), then the new one is set and every other session ends
 * (`DELETE /api/me/sessions/others`: sessions that signed in before this one are refused). The
 * session cookie follows the new token through the SDK's token listener.
 */
export function PasswordChange({ email }: { email: string }) {
  const { t, lang } = useI18n();
  const { runtime, user, ready } = useFirebase();
  const form = useMemberForm(PasswordChangeSchema);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.currentTarget;
    return form.submit(event, async ({ currentPassword, password }) => {
      if (!runtime || !user) return;
      try {
        const { sdk } = runtime;
        await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(email, currentPassword));
        await sdk.updatePassword(user, password);
        // Firebase already stops other devices from refreshing their tokens; this refuses the
        // tokens they still hold. Should it fail, those expire within the hour anyway.
        await runtime.memberFetch(lang, "/api/me/sessions/others", { method: "DELETE" }).catch(() => null);
        // The session cookie must hold the token the revocation was measured against (or a newer one).
        await runtime.syncSession(user);
        target.reset();
        form.setOutcome({ tone: "success", key: "SUCCESS.PASSWORD_UPDATED" });
      } catch (error) {
        form.setOutcome({ tone: "error", key: currentPasswordErrorMessage(error) });
      }
    });
  };

  return (
    <Card as="section" className="form" aria-labelledby="password-title">
      <h2 id="password-title" className="form__title">
        {t("DASHBOARD.SETTINGS.PASSWORD_TITLE")}
      </h2>
      <MemberFormBody
        formId="password"
        form={form}
        ready={ready}
        noScriptNotice={false}
        onSubmit={onSubmit}
        submitLabel="DASHBOARD.SETTINGS.PASSWORD_SUBMIT"
      >
        <MemberField
          formId="password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          label={t("FIELD.currentPassword")}
          error={form.errorFor("currentPassword")}
        />
        <MemberField
          formId="password"
          name="password"
          type="password"
          autoComplete="new-password"
          label={t("DASHBOARD.SETTINGS.NEW_PASSWORD")}
          error={form.errorFor("password")}
        />
        <MemberField
          formId="password"
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          label={t("FIELD.passwordConfirmation")}
          error={form.errorFor("passwordConfirmation")}
        />
      </MemberFormBody>
    </Card>
  );
}
