import type { MouseEvent, Ref } from "react";
import type { MessageKey } from "~/lib/i18n";
import { translateFieldError, type FieldErrors } from "~/lib/forms/messages";
import { useI18n } from "~/lib/i18n-context";
import { fieldId } from "./form-context";

interface ErrorSummaryProps {
  formId: string;
  fields: readonly string[];
  errors: FieldErrors;
  /** "Sorry, not all fields…" for a blocked submit, "There were errors…" for a server answer. */
  titleKey: MessageKey;
  ref?: Ref<HTMLDivElement>;
}

function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * The list of what is wrong, shown after a failed submit and focused so screen readers
 * announce it; each entry links to (and with JavaScript focuses) its field.
 */
export function ErrorSummary({ formId, fields, errors, titleKey, ref }: ErrorSummaryProps) {
  const { t } = useI18n();
  const invalid = fields.filter((name) => errors[name]);
  return (
    <div ref={ref} className="form-summary" role="alert" tabIndex={-1} id={`${formId}-summary`}>
      <p className="form-summary__title">{t(titleKey)}</p>
      {invalid.length > 0 ? (
        <ul>
          {invalid.map((name) => {
            const message = errors[name];
            const id = fieldId(formId, name);
            return message ? (
              <li key={name}>
                <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
                  {translateFieldError(t, name, message)}
                </a>
              </li>
            ) : null;
          })}
        </ul>
      ) : null}
    </div>
  );
}
