import { Fragment, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useActionData, useFetcher, useFormAction } from "react-router";
import type { FormActionData } from "#app/lib/forms/action-data.ts";
import { isFailedSubmission, type FailedSubmission } from "#app/lib/forms/client-action.ts";
import type { MessageKey } from "#app/lib/i18n.ts";
import { fieldLabelKey, translateFieldError } from "#app/lib/forms/messages.ts";
import { FORM_FIELDS, type FormKind } from "#app/lib/forms/schemas.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorSummary } from "./error-summary";
import { FormFieldsContext, type FormFieldsValue } from "./form-context";
import { useFormDraft } from "./use-form-draft";
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

/** A post that got no answer, as the form's own refusal: its message, nothing typed lost. */
function failureAnswer(kind: FormKind, failure: FailedSubmission): FormActionData {
  const messageKey = kind === "newsletter" ? "FORM.NEWSLETTER_ERROR" : "FORM.SUBMIT_ERROR";
  return { form: kind, ok: false, messageKey, errors: {}, values: failure.values };
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
  const fetcher = useFetcher<FormActionData | FailedSubmission>({ key: `form:${kind}:${instanceKey}` });
  const routeAnswer = useActionData<FormActionData>();
  const pageData = routeAnswer?.form === kind && !actionPath ? routeAnswer : undefined;
  // Offline, a reset connection or a server error: the route's client action answers for it.
  const fetched = useMemo(
    () => (isFailedSubmission(fetcher.data) ? failureAnswer(kind, fetcher.data) : fetcher.data),
    [kind, fetcher.data],
  );
  const answer = fetched?.form === kind ? fetched : pageData;
  // What the server kept of a refused submission: the form starts from it (JavaScript or not).
  const refused = answer?.ok === false ? answer : undefined;

  const validation = useFormValidation(kind, answer?.errors ?? NO_ERRORS);
  const { restored: draft, save: saveDraft, clear: clearDraft } = useFormDraft(`${kind}:${instanceKey}`);
  // Documents chosen since the page loaded: a restored draft asks for the others again by name.
  const [chosenDocuments, setChosenDocuments] = useState<ReadonlySet<string>>(() => new Set());
  const [idempotencyKey, setIdempotencyKey] = useState(() => {
    const kept = refused?.values.idempotencyKey;
    return typeof kept === "string" ? kept : newIdempotencyKey();
  });
  const [checking, setChecking] = useState(false);
  // Marks the form once hydrated: from then on it validates inline and sends without a reload.
  const enhanced = useHydrated();
  const [blocked, setBlocked] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const busy = checking || fetcher.state !== "idle";

  // A new answer from the server: success empties the form for a new message (with a new
  // key); a refusal keeps everything and moves focus to what needs attention. The key follows
  // the answer while rendering; fields, draft and focus once per answer, after it is shown.
  const [keyedAnswer, setKeyedAnswer] = useState<typeof fetched>(undefined);
  if (fetched !== keyedAnswer) {
    setKeyedAnswer(fetched);
    // The key of the refused post is kept, so sending again is a retry of the same submission.
    const kept = fetched?.form === kind && !fetched.ok ? fetched.values.idempotencyKey : undefined;
    if (fetched?.form === kind && fetched.ok) setIdempotencyKey(newIdempotencyKey());
    else if (typeof kept === "string") setIdempotencyKey(kept);
  }
  const shownAnswer = useRef<typeof fetched>(undefined);
  useEffect(() => {
    if (fetched === shownAnswer.current) return;
    shownAnswer.current = fetched;
    if (!fetched || fetched.form !== kind) return;
    if (fetched.ok) {
      formRef.current?.reset();
      validation.reset();
      clearDraft();
      statusRef.current?.focus();
    } else if (Object.keys(fetched.errors).length > 0) summaryRef.current?.focus();
    else statusRef.current?.focus();
  }, [fetched, kind, validation, clearDraft]);
  // A sent form's page (without JavaScript) ends its draft; a refused one keeps it.
  useEffect(() => {
    if (pageData?.ok) clearDraft();
  }, [pageData, clearDraft]);
  // The draft found on arrival, unless the server's answer on this page says what the form holds.
  // Its key goes with it: sending it again is a retry of whatever the lost post stored.
  const restored = pageData ? null : draft;
  const sentKey = restored?.values.idempotencyKey || idempotencyKey;
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
      initialValue: (name) => (refused ? refused.values[name] : (restored?.values[name] ?? initialValues?.[name])),
    }),
    [formId, validation.errorFor, refused, restored, initialValues],
  );
  const handlers = {
    ...validation.handlers,
    onInput(event: FormEvent<HTMLFormElement>) {
      validation.handlers.onInput(event);
      saveDraft(event.currentTarget);
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      validation.handlers.onChange(event);
      saveDraft(event.currentTarget);
      const target = event.target;
      if (target instanceof HTMLInputElement && target.type === "file" && target.files?.length)
        setChosenDocuments((chosen) => new Set([...chosen, target.name]));
    },
  };
  const documentsMissing = Object.entries(restored?.documents ?? {}).filter(([name]) => !chosenDocuments.has(name));

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
      {...handlers}
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
      {documentsMissing.map(([name, files]) => (
        <p key={name} className="form__message form__message--error" role="status">
          {t("FORM.CHOOSE_DOCUMENT_AGAIN", { field: t(fieldLabelKey(name)), files })}
        </p>
      ))}
      <fieldset className="form__fields" disabled={busy}>
        <input type="hidden" name="idempotencyKey" value={sentKey} suppressHydrationWarning />
        <div className="form__honeypot" aria-hidden="true">
          <label htmlFor={`${formId}-website`}>{t("FORMS.HONEYPOT")}</label>
          <input id={`${formId}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <FormFieldsContext.Provider value={fields}>
          {/* A restored draft's values are the fields' starting values: they start again from them. */}
          <Fragment key={restored ? "draft" : "page"}>{children}</Fragment>
        </FormFieldsContext.Provider>
        <Button type="submit" variant="primary" loading={busy} loadingLabel={t("FORM.SUBMITTING")}>
          {t(submitLabel ?? "FORM.SUBMIT")}
        </Button>
      </fieldset>
    </form>
  );
}
