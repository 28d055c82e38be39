import * as v from "valibot";
import { CheckboxField, TextAreaField, TextField } from "#app/components/forms/fields.tsx";
import { FormShell } from "#app/components/forms/form-shell.tsx";
import { useI18n } from "#app/lib/i18n-context.tsx";
import type { BlokDefinition } from "./definition";

export const contactSchema = v.looseObject({
  component: v.literal("contact"),
  _uid: v.string(),
  title: v.string(),
  intro: v.optional(v.string()),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: contactSchema,
  form: "contact",
  messages: ["FORMS.PRIVACY_LABEL", "FORMS.COMMUNICATION_LABEL"],
  styles: [],
} satisfies BlokDefinition;
export { Contact as default };

/** The contact form: who you are, what about, and the two consents. */
export function Contact({ blok }: { blok: v.InferOutput<typeof contactSchema> }) {
  const { t } = useI18n();
  return (
    <section className="blok-form blok-contact">
      <FormShell kind="contact" instanceKey={blok._uid} title={blok.title} intro={blok.intro}>
        <div className="form__row">
          <TextField name="name" label={t("FIELD.name")} required autoComplete="given-name" />
          <TextField name="surname" label={t("FIELD.surname")} required autoComplete="family-name" />
        </div>
        <div className="form__row">
          <TextField name="email" type="email" label={t("FIELD.email")} required autoComplete="email" />
          <TextField name="phone" type="tel" label={t("FIELD.phone")} required autoComplete="tel" />
        </div>
        <TextField name="subject" label={t("FIELD.subject")} required />
        <TextAreaField name="message" label={t("FIELD.message")} required />
        <CheckboxField name="privacyAcceptance" label={t("FORMS.PRIVACY_LABEL")} policy />
        <CheckboxField name="communicationConsent" label={t("FORMS.COMMUNICATION_LABEL")} required={false} />
      </FormShell>
    </section>
  );
}
