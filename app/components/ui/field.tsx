import type { ComponentProps, ReactNode } from "react";

/** What every field has, whatever its control. */
interface FieldFrame {
  /** The control's id; the hint and the error take `<id>-hint` and `<id>-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The message, already translated: shown under the control and linked to it while present. */
  error?: ReactNode;
  /** A visible mark beside the label (hidden from screen readers) and `aria-required`. */
  required?: boolean;
  /** Invalid with its message shown elsewhere (named in `describedBy`); defaults to having `error`. */
  invalid?: boolean;
  /** Further ids that describe the control, such as a result that says what is wrong. */
  describedBy?: string;
  /** After the control: the privacy policy's link under its box, a chosen value's hidden input. */
  extra?: ReactNode;
}

/** Attributes the field sets itself, so a caller cannot unwire them. */
type Wired = "id" | "aria-invalid" | "aria-required" | "aria-describedby" | "children";

type InputControl = { control?: "input" } & Omit<ComponentProps<"input">, Wired>;
type BoxControl = { control: "checkbox" | "file" } & Omit<ComponentProps<"input">, Wired | "type">;
type TextareaControl = { control: "textarea" } & Omit<ComponentProps<"textarea">, Wired>;
type SelectControl = {
  control: "select";
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Select…"); a required select without it is answered by default. */
  placeholder?: string;
} & Omit<ComponentProps<"select">, Wired>;

export type FieldProps = FieldFrame & (InputControl | BoxControl | TextareaControl | SelectControl);

interface Wiring {
  id: string;
  "aria-required"?: true;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** The control itself; the variant's name is the element (or input type) it draws. */
function Control({
  props,
  wiring,
}: {
  props: InputControl | BoxControl | TextareaControl | SelectControl;
  wiring: Wiring;
}) {
  switch (props.control) {
    case "textarea": {
      const { control: Element, ...attributes } = props;
      return <Element {...wiring} rows={6} {...attributes} />;
    }
    case "select": {
      const { control: Element, options, placeholder, ...attributes } = props;
      return (
        <Element {...wiring} {...attributes}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Element>
      );
    }
    case "checkbox":
    case "file": {
      const { control: type, ...attributes } = props;
      return <input {...wiring} type={type} {...attributes} />;
    }
    default: {
      const { control: Element = "input", ...attributes } = props;
      return <Element {...wiring} {...attributes} />;
    }
  }
}

/**
 * One form field, drawn the same way on every form (GOV.UK Frontend's shape): a visible label
 * with the required mark, the control, a hint and the error, with `aria-describedby`,
 * `aria-invalid` and `aria-required` wired from them. It knows no form: the caller gives it the
 * id, the translated error and the value, so public forms, member screens and blocks share it.
 * The error's element is always there (hidden while empty), so showing a message moves nothing
 * but the text.
 */
export function Field({ id, label, hint, error, required, invalid, describedBy, extra, ...props }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isInvalid = invalid ?? Boolean(error);
  const described = [hint ? hintId : null, error ? errorId : null, describedBy].filter(Boolean).join(" ");
  const wiring: Wiring = {
    id,
    "aria-required": required || undefined,
    "aria-invalid": isInvalid || undefined,
    "aria-describedby": described || undefined,
  };
  const labelElement = (
    <label htmlFor={id}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
  return (
    <div className="form-field">
      {props.control === "checkbox" ? (
        <div className="form-field__check">
          <Control props={props} wiring={wiring} />
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          <Control props={props} wiring={wiring} />
        </>
      )}
      {extra}
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="form-field__error" hidden={!error}>
        {error}
      </p>
    </div>
  );
}
