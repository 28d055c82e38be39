import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useActionData, useFetcher, useFormAction } from "react-router";
import type { FormActionData } from "#app/lib/forms/action-data.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import { translateFieldError } from "#app/lib/forms/messages.ts";
import { FORM_FIELDS, type FormKind } from "#app/lib/forms/schemas.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { ErrorSummary } from "./error-summary";
import { Button } from "#app/components/ui/button.tsx";
import { FormFieldsContext, type FormFieldsValue } from "./form-context";
import { useFormValidation } from "./use-form-validation";

interface FormShellProps {
  kind: FormKind;
  /** Names this form on its page (the block's uid), so its answer outlives a remount. */
  instanceKey: string;
  title: string;
  intro?: string;
  /** Where the form posts; defaults to the page it is on (its route action). */
  actionPath?: string;
  submitLabel?: MessageKey;
  /** The title's heading level where the form sits (3 inside a block that has its own title). */
  headingLevel?: 2 | 3;
  /** Starting values (e.g. a preselected box); what the server kept after a refusal wins. */
  initialValues?: Record<string, string>;
  children: ReactNode;
}

const NO_ERRORS = {};

function withFormParam(path: string, kind: FormKind): string {
  const [pathname = "", query = ""] = path.split("?");
  const params = new URLSearchParams(query);
  params.set("form", kind);
  return `${pathname}?${params.toString()}`;
}

/**
 * Where a post without JavaScript to another page (`actionPath`: the footer's newsletter form
 * posts to the newsletter page) lands: the form of that page that shows the answer, whose id the
 * sending page cannot know, so that form carries this fixed anchor.
 */
const answerAnchor = (kind: FormKind) => `${kind}-answer`;

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * A form that never loses a message. Without JavaScript it is a plain POST to the page's
 * action, which re-renders the page with errors and the person's input. With JavaScript it
 * validates inline with the shared schema, sends through a fetcher (no reload), disables
 * itself with a loading state while sending, and keeps the input on any failure. Every
 * submission carries an idempotency key, so a double click or a retry stores one record.
 */
export function FormShell(props: FormShellProps) {
  const { kind, instanceKey, title, intro, actionPath, submitLabel, initialValues, children } = props;
  const headingLevel = props.headingLevel ?? 2;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const { t } = useI18n();
  const formId = `form-${kind}-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const pageAction = useFormAction();
  const action = withFormParam(actionPath ?? pageAction, kind);
  // A keyed fetcher keeps the server's answer if the page tree above remounts this form.
  const fetcher = useFetcher<FormActionData>({ key: `form:${kind}:${instanceKey}` });
  const routeAnswer = useActionData<FormActionData>();
  const pageData = routeAnswer?.form === kind && !actionPath ? routeAnswer : undefined;
  const answer = fetcher.data?.form === kind ? fetcher.data : pageData;
  // What the server kept of a refused submission: the form starts from it (JavaScript or not).
  const refused = answer?.ok === false ? answer : undefined;

  const validation = useFormValidation(kind, answer?.errors ?? NO_ERRORS);
  const [idempotencyKey, setIdempotencyKey] = useState(() => {
    const kept = refused?.values.idempotencyKey;
    return typeof kept === "string" ? kept : newIdempotencyKey();
  });
  const [checking, setChecking] = useState(false);
  // Marks the form once hydrated: from then on it validates inline and sends without a reload.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [blocked, setBlocked] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const busy = checking || fetcher.state !== "idle";

  // A new answer from the server: success empties the form for a new message (with a new
  // key); a refusal keeps everything and moves focus to what needs attention.
  useEffect(() => {
    if (!fetcher.data || fetcher.data.form !== kind) return;
    if (fetcher.data.ok) {
      formRef.current?.reset();
      validation.reset();
      setIdempotencyKey(newIdempotencyKey());
      statusRef.current?.focus();
      return;
    }
    // The key of the refused post is kept, so sending again is a retry of the same submission.
    const kept = fetcher.data.values.idempotencyKey;
    if (typeof kept === "string") setIdempotencyKey(kept);
    if (Object.keys(fetcher.data.errors).length > 0) summaryRef.current?.focus();
    else statusRef.current?.focus();
    // Deliberately keyed on the answer alone: this reacts once to each server answer.
  }, [fetcher.data]);
  useEffect(() => {
    if (blocked > 0) summaryRef.current?.focus();
  }, [blocked]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Read the fields now: once the fieldset is disabled for the loading state, a FormData
    // built from the form would leave every disabled field out.
    const data = new FormData(event.currentTarget);
    setChecking(true);
    const valid = await validation.attemptSubmit(data);
    setChecking(false);
    if (!valid) {
      setBlocked((count) => count + 1);
      return;
    }
    await fetcher.submit(data, {
      method: "post",
      action,
      encType: kind === "refund-request" ? "multipart/form-data" : "application/x-www-form-urlencoded",
      defaultShouldRevalidate: false,
    });
  }

  const fields: FormFieldsValue = useMemo(
    () => ({
      formId,
      errorFor: validation.errorFor,
      initialValue: (name) => (refused ? refused.values[name] : initialValues?.[name]),
    }),
    [formId, validation.errorFor, refused, initialValues],
  );

  const fieldErrors = blocked > 0 || Object.keys(answer?.errors ?? {}).length > 0 ? validation.errors : {};
  const summaryEntries = FORM_FIELDS[kind].flatMap((name) => {
    const error = fieldErrors[name];
    return error ? [[name, translateFieldError(t, name, error)] as const] : [];
  });
  const showSummary = Object.keys(fieldErrors).length > 0;
  const serverSummary = answer && !answer.ok && Object.keys(answer.errors).length > 0 && blocked === 0;
  const message = answer && (answer.ok || Object.keys(answer.errors).length === 0) ? answer : null;

  return (
    <form
      ref={formRef}
      id={formId}
      className="form"
      method="post"
      action={`${action}#${actionPath ? answerAnchor(kind) : formId}`}
      encType={kind === "refund-request" ? "multipart/form-data" : "application/x-www-form-urlencoded"}
      noValidate
      aria-labelledby={`${formId}-title`}
      aria-busy={busy || undefined}
      data-enhanced={enhanced || undefined}
      onSubmit={onSubmit}
      {...validation.handlers}
    >
      {pageData ? <span id={answerAnchor(kind)} /> : null}
      <Heading id={`${formId}-title`} className="form__title">
        {title}
      </Heading>
      {intro ? <p className="form__intro">{intro}</p> : null}
      <p className="form__hint">{t("FORMS.REQUIRED_HINT")}</p>
      {showSummary ? (
        <ErrorSummary
          ref={summaryRef}
          formId={formId}
          entries={summaryEntries}
          titleKey={serverSummary ? "VALIDATION.FORM_ERRORS" : "VALIDATION.FORM_INVALID"}
        />
      ) : null}
      <p
        ref={statusRef}
        tabIndex={-1}
        role={message && !message.ok ? "alert" : "status"}
        className={`form__message${message ? (message.ok ? " form__message--ok" : " form__message--error") : ""}`}
      >
        {message ? t(message.messageKey) : null}
      </p>
      <fieldset className="form__fields" disabled={busy}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} suppressHydrationWarning />
        <div className="form__honeypot" aria-hidden="true">
          <label htmlFor={`${formId}-website`}>{t("FORMS.HONEYPOT")}</label>
          <input id={`${formId}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <FormFieldsContext.Provider value={fields}>{children}</FormFieldsContext.Provider>
        <Button type="submit" variant="primary" loading={busy} loadingLabel={t("FORM.SUBMITTING")}>
          {t(submitLabel ?? "FORM.SUBMIT")}
        </Button>
      </fieldset>
    </form>
  );
}
