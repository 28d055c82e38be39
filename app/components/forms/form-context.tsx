import { createContext, useContext } from "react";
import type { FieldMessage } from "#app/lib/forms/messages.ts";

/** What a form gives its fields: ids, the error to show, and the value to start from. */
export interface FormFieldsValue {
  formId: string;
  errorFor: (name: string) => FieldMessage | undefined;
  initialValue: (name: string) => string | boolean | undefined;
}

export const FormFieldsContext = createContext<FormFieldsValue>({
  formId: "form",
  errorFor: () => undefined,
  initialValue: () => undefined,
});

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

/** One field's wiring: its id, its error id, the translated error and its starting value. */
export function useFormField(name: string) {
  const { formId, errorFor, initialValue } = useContext(FormFieldsContext);
  const id = fieldId(formId, name);
  return { id, errorId: `${id}-error`, hintId: `${id}-hint`, error: errorFor(name), initial: initialValue(name) };
}
