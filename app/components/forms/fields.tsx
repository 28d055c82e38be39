import type { ReactNode } from "react";
import { translateFieldError } from "#app/lib/forms/messages.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useFormField } from "./form-context";

/**
 * The form controls: a visible label, `aria-invalid` and `aria-describedby` pointing at the
 * error (and hint), `aria-required` for required fields. Values start from what the server
 * kept after a refused post, so nothing typed is lost without JavaScript either.
 */

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

function FieldError({
  name,
  id,
  message,
}: {
  name: string;
  id: string;
  message: ReturnType<typeof useFormField>["error"];
}) {
  const { t } = useI18n();
  return (
    <p id={id} className="form-field__error" hidden={!message}>
      {message ? translateFieldError(t, name, message) : null}
    </p>
  );
}

function describedBy(field: ReturnType<typeof useFormField>, hint?: string): string | undefined {
  const ids = [hint ? field.hintId : null, field.error ? field.errorId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function FieldFrame({
  field,
  hint,
  children,
  name,
}: {
  field: ReturnType<typeof useFormField>;
  hint?: string;
  children: ReactNode;
  name: string;
}) {
  return (
    <div className="form-field" data-invalid={field.error ? "true" : undefined}>
      {children}
      {hint ? (
        <p id={field.hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} id={field.errorId} message={field.error} />
    </div>
  );
}

export function TextField({
  name,
  label,
  required,
  hint,
  type = "text",
  autoComplete,
  defaultValue,
}: FieldProps & { type?: "text" | "email" | "tel" | "date"; autoComplete?: string; defaultValue?: string }) {
  const field = useFormField(name);
  const initial = typeof field.initial === "string" ? field.initial : defaultValue;
  return (
    <FieldFrame field={field} hint={hint} name={name}>
      <Label htmlFor={field.id} label={label} required={required} />
      <input
        id={field.id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={initial}
        aria-required={required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, hint)}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ name, label, required, hint }: FieldProps) {
  const field = useFormField(name);
  return (
    <FieldFrame field={field} hint={hint} name={name}>
      <Label htmlFor={field.id} label={label} required={required} />
      <textarea
        id={field.id}
        name={name}
        rows={6}
        defaultValue={typeof field.initial === "string" ? field.initial : undefined}
        aria-required={required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, hint)}
      />
    </FieldFrame>
  );
}

export function SelectField({
  name,
  label,
  required,
  hint,
  options,
  defaultValue,
  onValueChange,
}: FieldProps & {
  options: { value: string; label: string }[];
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const { t } = useI18n();
  const field = useFormField(name);
  return (
    <FieldFrame field={field} hint={hint} name={name}>
      <Label htmlFor={field.id} label={label} required={required} />
      <select
        id={field.id}
        name={name}
        defaultValue={typeof field.initial === "string" ? field.initial : (defaultValue ?? "")}
        aria-required={required || undefined}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, hint)}
        onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
      >
        <option value="">{t("FORMS.SELECT_PLACEHOLDER")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * A choice made elsewhere (e.g. the box whose "Apply" opened the form), shown by its name and
 * submitted as its code: a read-only text with the name, and a hidden input with the value.
 */
export function ChosenField({
  name,
  label,
  value,
  display,
}: {
  name: string;
  label: string;
  value: string;
  display: string;
}) {
  const field = useFormField(name);
  return (
    <FieldFrame field={field} name={name}>
      <Label htmlFor={field.id} label={label} />
      <input
        id={field.id}
        type="text"
        value={display}
        readOnly
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field)}
      />
      <input type="hidden" name={name} value={value} />
    </FieldFrame>
  );
}

/**
 * A required checkbox. One that accepts the privacy policy (`policy`) links to it beside the box,
 * not inside its label (a tap on the label ticks the box), in a new tab so nothing typed is lost.
 */
export function CheckboxField({ name, label, policy = false }: { name: string; label: string; policy?: boolean }) {
  const field = useFormField(name);
  const { t, lang } = useI18n();
  return (
    <FieldFrame field={field} name={name}>
      <div className="form-field__check">
        <input
          id={field.id}
          name={name}
          type="checkbox"
          defaultChecked={field.initial === "on" || field.initial === true}
          aria-required
          aria-invalid={field.error ? true : undefined}
          aria-describedby={field.error ? field.errorId : undefined}
        />
        <Label htmlFor={field.id} label={label} required />
      </div>
      {policy ? (
        <a className="form-field__policy" href={`/${lang}/privacy/`} target="_blank" rel="noopener">
          {t("FORMS.PRIVACY_LINK")}
        </a>
      ) : null}
    </FieldFrame>
  );
}

export function FileField({ name, label, hint, accept }: FieldProps & { accept: string }) {
  const field = useFormField(name);
  return (
    <FieldFrame field={field} hint={hint} name={name}>
      <Label htmlFor={field.id} label={label} required />
      <input
        id={field.id}
        name={name}
        type="file"
        accept={accept}
        aria-required
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field, hint)}
      />
    </FieldFrame>
  );
}
