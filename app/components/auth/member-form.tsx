import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import * as v from "valibot";
import { fieldErrors, translateFieldError, type FieldErrors } from "#app/lib/auth/auth-schemas.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { ErrorSummary } from "#app/components/forms/error-summary.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { useSubmitPress } from "#app/components/forms/submit-press.ts";
import {
  HELD_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  LOADING_LABEL_ATTRIBUTE,
  releaseHeldButtons,
} from "#app/lib/held-submits.ts";
import { NeedsJavaScript } from "./needs-javascript";

/** SPEC section 5: typing revalidates 20 ms after the last keystroke. */
const INPUT_DEBOUNCE_MS = 20;

function fieldsOf(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

/** The form's own message after an answer (e.g. "The password is not correct", "Saved"). */
export interface FormOutcome {
  tone: "error" | "success";
  key: MessageKey;
}

/**
 * The form behaviour of SPEC section 5 for the member screens: a field shows its error once it
 * has lost focus, every error after a submit attempt, typing revalidates after 20 ms. `submit`
 * validates with the screen's schema and hands the parsed values to the screen while the form
 * is disabled and shows its loading state. The outcome of the last answer belongs to the form:
 * each submit attempt clears it, so an old message never stands beside a new one.
 */
export function useMemberForm<S extends v.GenericSchema>(
  schema: S,
  initialErrors: FieldErrors = {},
  initialOutcome: FormOutcome | null = null,
) {
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [outcome, setOutcome] = useState<FormOutcome | null>(initialOutcome);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(Object.keys(initialErrors).length > 0);
  const [pending, setPending] = useState(false);
  // Counts blocked submits in a row (0 once one passes): each one shows and focuses the summary.
  const [blockedAttempts, setBlockedAttempts] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const validate = useCallback(
    (form: HTMLFormElement) => {
      const result = v.safeParse(schema, fieldsOf(form));
      setErrors(result.success ? {} : fieldErrors(result.issues));
      return result;
    },
    [schema],
  );

  const touch = useCallback((names: readonly string[]) => setTouched((current) => new Set([...current, ...names])), []);
  // A press (a submit, a checkbox) must not move its control with a blur's error (see useSubmitPress).
  const submitPress = useSubmitPress(touch);

  const formProps = {
    noValidate: true,
    onBlur(event: FormEvent<HTMLFormElement>) {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.name) {
        if (!submitPress.holds(target.name)) touch([target.name]);
        validate(event.currentTarget);
      }
    },
    onInput(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => validate(form), INPUT_DEBOUNCE_MS);
    },
  };

  /** Validates for a submit attempt; runs `send` with the parsed values when they are valid. */
  async function submit(event: FormEvent<HTMLFormElement>, send: (values: v.InferOutput<S>) => Promise<void>) {
    event.preventDefault();
    setOutcome(null);
    setSubmitted(true);
    const result = validate(event.currentTarget);
    setBlockedAttempts((attempts) => (result.success ? 0 : attempts + 1));
    if (!result.success) return;
    setPending(true);
    try {
      await send(result.output);
    } finally {
      setPending(false);
    }
  }

  return {
    formProps,
    submit,
    pending,
    errors,
    /** The answer to the last submission, shown by `MemberFormBody` (or the screen). */
    outcome,
    setOutcome,
    /** The errors a blocked submit left (SPEC section 5), for `MemberErrorSummary`; empty otherwise. */
    summaryErrors: blockedAttempts > 0 ? errors : {},
    blockedAttempts,
    errorFor: (name: string) => (submitted || touched.has(name) ? errors[name] : undefined),
  };
}

interface MemberFieldProps {
  formId: string;
  name: string;
  label: string;
  error?: FieldErrors[string];
  type?: "text" | "email" | "password" | "tel" | "date";
  autoComplete?: string;
  defaultValue?: string;
  required?: boolean;
  readOnly?: boolean;
}

/** A member screen's input: the one `Field`, its id from the form's and its error translated. */
export function MemberField({ formId, name, error, type = "text", required = true, ...rest }: MemberFieldProps) {
  const { t } = useI18n();
  return (
    <Field
      id={`${formId}-${name}`}
      name={name}
      type={type}
      error={error ? translateFieldError(t, name, error) : undefined}
      required={required}
      {...rest}
    />
  );
}

/**
 * The form's own message after an answer: an error (alert) or a success (status). It takes focus
 * when it appears: while sending, the form's fieldset is disabled, so the button that had focus
 * lost it to the page, and a keyboard user had to find the answer from the top. Each submit
 * clears the last answer, so each new one appears, and is focused, again.
 */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className={tone === "error" ? "form-summary" : "form-success"}
      role={tone === "error" ? "alert" : "status"}
    >
      {children}
    </p>
  );
}

type MemberForm = ReturnType<typeof useMemberForm<v.GenericSchema>>;

/**
 * "Sorry, not all fields are filled out correctly." with a link to each invalid field, after a
 * blocked submit: focused on every blocked attempt, as the public forms do, so a keyboard or
 * screen reader user hears what is wrong and can go straight to it.
 */
export function MemberErrorSummary({
  formId,
  form,
}: {
  formId: string;
  form: Pick<MemberForm, "summaryErrors" | "blockedAttempts">;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (form.blockedAttempts > 0) ref.current?.focus();
  }, [form.blockedAttempts]);
  const entries = Object.entries(form.summaryErrors).map(
    ([name, error]) => [name, translateFieldError(t, name, error)] as const,
  );
  if (entries.length === 0) return null;
  return <ErrorSummary ref={ref} formId={formId} entries={entries} titleKey="VALIDATION.FORM_INVALID" />;
}

/**
 * Once the form has hydrated, its submits go to React; a submit the page held before that
 * (app/lib/held-submits.ts) is sent now, as the visitor sent it.
 */
function useSendHeldSubmit() {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    form.setAttribute(HYDRATED_ATTRIBUTE, "");
    if (form.hasAttribute(HELD_ATTRIBUTE)) {
      form.removeAttribute(HELD_ATTRIBUTE);
      releaseHeldButtons(form);
      form.requestSubmit();
    }
  }, []);
  return formRef;
}

/**
 * A member screen's form: the answer to the last submission, the summary of a blocked submit,
 * the fields, and a submit button that shows the loading state. The fieldset is disabled while
 * sending, and until `ready` where the form acts on the signed-in member (Firebase loaded). The
 * credential screens' forms are usable from the first paint: a submit before hydration is held
 * and sent once the form has hydrated (`useSendHeldSubmit`). The form posts, so even a submit the
 * page could not hold never puts the password in the address bar.
 */
export function MemberFormBody({
  formId,
  form,
  noScriptNotice = true,
  ready = true,
  onSubmit,
  submitLabel,
  children,
}: {
  /** The fields' `formId`: the summary links to them. */
  formId: string;
  /** False where the page says once, above all its forms, that it needs JavaScript (the settings). */
  noScriptNotice?: boolean;
  form: Pick<MemberForm, "formProps" | "pending" | "summaryErrors" | "blockedAttempts" | "outcome">;
  ready?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: MessageKey;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const formRef = useSendHeldSubmit();
  return (
    <>
      {noScriptNotice ? <NeedsJavaScript /> : null}
      {form.outcome ? <FormMessage tone={form.outcome.tone}>{t(form.outcome.key)}</FormMessage> : null}
      <MemberErrorSummary formId={formId} form={form} />
      <form
        {...form.formProps}
        ref={formRef}
        method="post"
        className="needs-js"
        data-hold-submit=""
        onSubmit={onSubmit}
        aria-busy={form.pending || undefined}
      >
        <fieldset className="form__fields" disabled={form.pending || !ready}>
          {children}
          <Button
            type="submit"
            variant="primary"
            loading={form.pending}
            loadingLabel={t("AUTH.WORKING")}
            {...{ [LOADING_LABEL_ATTRIBUTE]: t("AUTH.WORKING") }}
          >
            {t(submitLabel)}
          </Button>
        </fieldset>
      </form>
    </>
  );
}
