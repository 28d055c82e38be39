import type { MouseEvent, Ref } from "react";
import type { MessageKey } from "#app/lib/i18n.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { fieldId } from "./form-context";

/** An invalid field and its translated message, in the form's field order. */
export type SummaryEntry = readonly [name: string, message: string];

interface ErrorSummaryProps {
  formId: string;
  entries: readonly SummaryEntry[];
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
 * announce it; each entry links to (and with JavaScript focuses) its field. Shared by the
 * public forms and the member screens.
 */
export function ErrorSummary({ formId, entries, titleKey, ref }: ErrorSummaryProps) {
  const { t } = useI18n();
  return (
    <div ref={ref} className="form-summary" role="alert" tabIndex={-1} id={`${formId}-summary`}>
      <p className="form-summary__title">{t(titleKey)}</p>
      {entries.length > 0 ? (
        <ul>
          {entries.map(([name, message]) => {
            const id = fieldId(formId, name);
            return (
              <li key={name}>
                <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
                  {message}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
