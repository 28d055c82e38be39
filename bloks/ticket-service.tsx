import * as v from "valibot";
import { CheckboxField, FileField, SelectField, TextAreaField, TextField } from "#app/components/forms/fields.tsx";
import { FormShell } from "#app/components/forms/form-shell.tsx";
import { MAX_DOCUMENT_MB } from "#app/lib/forms/document.ts";
import { REFUND_REASONS } from "#app/lib/forms/schemas.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import type { BlokDefinition } from "./definition";

export const ticketServiceSchema = v.looseObject({
  component: v.literal("ticket_service"),
  _uid: v.string(),
  title: v.string(),
  intro: v.optional(v.string()),
  refund_title: v.string(),
  refund_intro: v.optional(v.string()),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: ticketServiceSchema,
  form: "refund-request",
  messages: ["FORMS.PRIVACY_LABEL", "FORMS.DOCUMENT_HINT", "REFUND_REASON"],
  styles: [],
} satisfies BlokDefinition;
export { TicketService as default };

/** Ticket service: its introduction and the refund request with a supporting document. */
export function TicketService({ blok }: { blok: v.InferOutput<typeof ticketServiceSchema> }) {
  const { t } = useI18n();
  return (
    <section className="blok-form blok-ticket-service" aria-labelledby={`${blok._uid}-title`}>
      <h2 id={`${blok._uid}-title`}>{blok.title}</h2>
      {blok.intro ? <p>{blok.intro}</p> : null}
      <FormShell
        kind="refund-request"
        instanceKey={blok._uid}
        title={blok.refund_title}
        intro={blok.refund_intro}
        headingLevel={3}
      >
        <div className="form__row">
          <TextField name="name" label={t("FIELD.name")} required autoComplete="given-name" />
          <TextField name="surname" label={t("FIELD.surname")} required autoComplete="family-name" />
        </div>
        <div className="form__row">
          <TextField name="email" type="email" label={t("FIELD.email")} required autoComplete="email" />
          <TextField name="phone" type="tel" label={t("FIELD.phone")} required autoComplete="tel" />
        </div>
        <div className="form__row">
          <TextField name="purchaseCode" label={t("FIELD.purchaseCode")} required />
          <TextField name="event" label={t("FIELD.event")} required />
        </div>
        <TextField name="eventDate" type="date" label={t("FIELD.eventDate")} required />
        <SelectField
          name="refundReason"
          label={t("FIELD.refundReason")}
          required
          options={REFUND_REASONS.map((value) => ({ value, label: t(`REFUND_REASON.${value}`) }))}
        />
        <TextAreaField name="incidentDetails" label={t("FIELD.incidentDetails")} required />
        <TextField name="incidentDate" type="date" label={t("FIELD.incidentDate")} required />
        <FileField
          name="document"
          label={t("FIELD.document")}
          hint={t("FORMS.DOCUMENT_HINT", { n: MAX_DOCUMENT_MB })}
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
        />
        <CheckboxField name="privacyAcceptance" label={t("FORMS.PRIVACY_LABEL")} policy />
      </FormShell>
    </section>
  );
}
