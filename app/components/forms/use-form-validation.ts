import { useCallback, useEffect, useRef, useState, type FormEvent, type SyntheticEvent } from "react";
import { formDataToFields } from "#app/lib/forms/form-data.ts";
import type { FieldErrors, FieldMessage } from "#app/lib/forms/messages.ts";
import type { FormKind } from "#app/lib/forms/schemas.ts";
import { validateFormFields } from "#app/lib/forms/validate.ts";
import { useSubmitPress } from "./submit-press";

/** SPEC.md section 5: typing revalidates 20 ms after the last keystroke. */
export const INPUT_DEBOUNCE_MS = 20;

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldOf(event: SyntheticEvent<HTMLFormElement>): FieldElement | null {
  const target = event.target;
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  )
    return target.name ? target : null;
  return null;
}

function isCheckbox(field: FieldElement): boolean {
  return field instanceof HTMLInputElement && field.type === "checkbox";
}

/**
 * The form behaviour of SPEC.md section 5, in the browser: a field shows its error once it
 * has lost focus, a checkbox once changed, everything after a submit attempt; typing
 * revalidates after a 20 ms pause. Errors the server sent are shown until the browser has
 * validated again. Validation is the form's own shared schema. A blur caused by a
 * pointer press (a submit, a checkbox) waits for that press (`useSubmitPress`), so nothing moves under it.
 */
export function useFormValidation(kind: FormKind, serverErrors: FieldErrors) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [errors, setErrors] = useState<FieldErrors>(serverErrors);
  const [submitted, setSubmitted] = useState(Object.keys(serverErrors).length > 0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);

  // A new answer's errors replace what the browser showed (adjusted while rendering).
  const [answered, setAnswered] = useState(serverErrors);
  if (serverErrors !== answered) {
    setAnswered(serverErrors);
    if (Object.keys(serverErrors).length > 0) {
      setErrors(serverErrors);
      setSubmitted(true);
    }
  }
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const validate = useCallback(
    async (data: FormData): Promise<boolean> => {
      const run = ++latest.current;
      const result = await validateFormFields(kind, formDataToFields(data));
      // Only the newest validation may speak: an older, slower one must not overwrite it.
      if (run === latest.current) setErrors(result.success ? {} : result.errors);
      return result.success;
    },
    [kind],
  );

  const touch = useCallback((names: readonly string[]) => {
    setTouched((current) => (names.every((name) => current.has(name)) ? current : new Set([...current, ...names])));
  }, []);
  const submitPress = useSubmitPress(touch);

  const handlers = {
    onBlur(event: FormEvent<HTMLFormElement>) {
      const field = fieldOf(event);
      if (!field || isCheckbox(field)) return;
      if (!submitPress.holds(field.name)) touch([field.name]);
      void validate(new FormData(event.currentTarget));
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      const field = fieldOf(event);
      if (!field) return;
      if (isCheckbox(field) || field instanceof HTMLSelectElement || field.type === "file") touch([field.name]);
      void validate(new FormData(event.currentTarget));
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      clearTimeout(timer.current ?? undefined);
      timer.current = setTimeout(() => void validate(new FormData(form)), INPUT_DEBOUNCE_MS);
    },
  };

  return {
    handlers,
    /** The error to show for a field right now, if any. */
    errorFor(name: string): FieldMessage | undefined {
      return submitted || touched.has(name) ? errors[name] : undefined;
    },
    /** The errors a submit attempt shows (all of them). */
    errors,
    /** Validates everything for a submit attempt; true when the form may be sent. */
    async attemptSubmit(data: FormData): Promise<boolean> {
      setSubmitted(true);
      clearTimeout(timer.current ?? undefined);
      return validate(data);
    },
    reset() {
      setTouched(new Set());
      setErrors({});
      setSubmitted(false);
    },
  };
}
