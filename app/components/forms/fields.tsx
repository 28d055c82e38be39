import { Field } from "#app/components/ui/field.tsx";
import { translateFieldError } from "#app/lib/forms/messages.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useFormField } from "./form-context";

/**
 * The public forms' fields: the one `Field` of the design system, wired to the form they sit in
 * (`FormShell`): the id, the error to show (translated) and the value to start from, which is
 * what the server kept after a refused post, so nothing typed is lost without JavaScript either.
 */

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
}

/** The form's wiring for one field: its id, its translated error and its starting value. */
function useWiredField(name: string) {
  const { t } = useI18n();
  const field = useFormField(name);
  const error = field.error ? translateFieldError(t, name, field.error) : undefined;
  const text = typeof field.initial === "string" ? field.initial : undefined;
  return { id: field.id, error, text, initial: field.initial };
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
  const field = useWiredField(name);
  return (
    <Field
      id={field.id}
      name={name}
      type={type}
      label={label}
      hint={hint}
      error={field.error}
      required={required}
      autoComplete={autoComplete}
      defaultValue={field.text ?? defaultValue}
    />
  );
}

export function TextAreaField({ name, label, required, hint }: FieldProps) {
  const field = useWiredField(name);
  return (
    <Field
      control="textarea"
      id={field.id}
      name={name}
      label={label}
      hint={hint}
      error={field.error}
      required={required}
      defaultValue={field.text}
    />
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
  const field = useWiredField(name);
  return (
    <Field
      control="select"
      id={field.id}
      name={name}
      label={label}
      hint={hint}
      error={field.error}
      required={required}
      options={options}
      placeholder={t("FORMS.SELECT_PLACEHOLDER")}
      defaultValue={field.text ?? defaultValue ?? ""}
      onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
    />
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
  const field = useWiredField(name);
  return (
    <Field
      id={field.id}
      type="text"
      label={label}
      error={field.error}
      value={display}
      readOnly
      extra={<input type="hidden" name={name} value={value} />}
    />
  );
}

/**
 * A checkbox, required unless said otherwise (an optional consent is `required={false}`). One that
 * accepts the privacy policy (`policy`) links to it beside the box, not inside its label (a tap on
 * the label ticks the box), in a new tab so nothing typed is lost.
 */
export function CheckboxField({
  name,
  label,
  policy = false,
  required = true,
}: {
  name: string;
  label: string;
  policy?: boolean;
  required?: boolean;
}) {
  const field = useWiredField(name);
  const { t, lang } = useI18n();
  return (
    <Field
      control="checkbox"
      id={field.id}
      name={name}
      label={label}
      error={field.error}
      required={required}
      defaultChecked={field.initial === "on" || field.initial === true}
      extra={
        policy ? (
          <a className="form-field__policy" href={`/${lang}/privacy/`} target="_blank" rel="noopener">
            {t("FORMS.PRIVACY_LINK")}
          </a>
        ) : null
      }
    />
  );
}

export function FileField({ name, label, hint, accept }: FieldProps & { accept: string }) {
  const field = useWiredField(name);
  return (
    <Field
      control="file"
      id={field.id}
      name={name}
      label={label}
      hint={hint}
      error={field.error}
      required
      accept={accept}
    />
  );
}
