import { useI18n } from "#app/lib/i18n-context.tsx";
import { CheckboxField, TextField } from "./fields";
import { FormShell } from "./form-shell";

/**
 * The newsletter signup: email and consent. In the footer it posts (without JavaScript) to the
 * language's newsletter page, whose `newsletter` block shows the answer; as a block it posts to
 * the page it is on.
 */
export function NewsletterSignup({
  instanceKey,
  title,
  intro,
  actionPath,
}: {
  instanceKey: string;
  title?: string;
  intro?: string;
  actionPath?: string;
}) {
  const { t } = useI18n();
  return (
    <FormShell
      kind="newsletter"
      instanceKey={instanceKey}
      title={title ?? t("FORMS.NEWSLETTER.TITLE")}
      intro={intro ?? t("FORMS.NEWSLETTER.INTRO")}
      actionPath={actionPath}
      submitLabel="FORMS.NEWSLETTER.SUBMIT"
    >
      <TextField name="email" type="email" label={t("FIELD.email")} required autoComplete="email" />
      <CheckboxField name="consent" label={t("FORMS.NEWSLETTER.CONSENT_LABEL")} policy />
    </FormShell>
  );
}
