import { useCallback, useSyncExternalStore } from "react";

/**
 * What a form held when it last changed: its fields' text and choices, and the names of the files
 * chosen (a file itself cannot be stored; the form asks for it again by name).
 */
export interface FormDraft {
  values: Record<string, string>;
  documents: Record<string, string>;
}

const PREFIX = "form-draft:";

function isControl(element: unknown): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

/** The form's draft: never a password, nor the hidden trap for bots (inside an `aria-hidden` part). */
export function draftOf(form: HTMLFormElement): FormDraft {
  const draft: FormDraft = { values: {}, documents: {} };
  for (const element of form.elements) {
    if (!isControl(element) || !element.name || element.closest("[aria-hidden='true']")) continue;
    if (element instanceof HTMLInputElement) {
      if (element.type === "password") continue;
      if (element.type === "file") {
        const names = [...(element.files ?? [])].map((file) => file.name).join(", ");
        if (names) draft.documents[element.name] = names;
        continue;
      }
      if (element.type === "checkbox" || element.type === "radio") {
        if (element.checked) draft.values[element.name] = element.value;
        continue;
      }
    }
    draft.values[element.name] = element.value;
  }
  return draft;
}

function isDraft(value: unknown): value is FormDraft {
  if (typeof value !== "object" || value === null || !("values" in value) || !("documents" in value)) return false;
  const strings = (record: unknown) =>
    typeof record === "object" && record !== null && Object.values(record).every((item) => typeof item === "string");
  return strings(value.values) && strings(value.documents);
}

/** Storage can be refused (a private window, a full quota): a draft is then simply not kept. */
function readDraft(key: string): FormDraft | null {
  try {
    const stored = sessionStorage.getItem(PREFIX + key);
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: FormDraft | null) {
  try {
    if (draft) sessionStorage.setItem(PREFIX + key, JSON.stringify(draft));
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Not kept: the form still works, only a reload loses what was typed.
  }
}

/** The draft each form found when the page loaded, read once: typing later does not restore it again. */
const arrivals = new Map<string, FormDraft | null>();
const listeners = new Set<() => void>();

function arrivalDraft(key: string): FormDraft | null {
  if (!arrivals.has(key)) arrivals.set(key, readDraft(key));
  return arrivals.get(key) ?? null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps a form's draft in the tab's session storage, so what a person typed survives a reload
 * (a connection lost mid-way, a tab the phone discarded) until the form is sent. `restored` is
 * the draft found when the page loaded; null on the server and while hydrating, so the page
 * hydrates as the server drew it and the form then starts again from the draft.
 */
export function useFormDraft(key: string) {
  const restored = useSyncExternalStore(
    subscribe,
    () => arrivalDraft(key),
    () => null,
  );
  const save = useCallback((form: HTMLFormElement) => writeDraft(key, draftOf(form)), [key]);
  const clear = useCallback(() => {
    writeDraft(key, null);
    arrivals.set(key, null);
    for (const listener of listeners) listener();
  }, [key]);
  return { restored, save, clear };
}
