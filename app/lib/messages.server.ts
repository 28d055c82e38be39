import { messagesFor } from "./catalogues.server";
import { freeze, type Frozen } from "./frozen";
import { withAgreementForms } from "./field-messages";
import { fieldLabelKey, VALIDATION_KEYS } from "./forms/messages";
import { FORM_FIELDS, type FormKind } from "./forms/schemas";
import type { MessageKey, MessageNamespace, MessageTree } from "./i18n";
import type { Lang } from "./languages";

/*
 * Which messages each page is sent (docs/performance.md, "Messages per page"). The root sends the
 * shell's set to every page; each route's loader sends its own with its data (`routeMessages`),
 * a content page adds the sets of the blocks its story holds (bloks/messages.server.ts). A key a
 * page looks up without having been sent renders as nothing and is reported (app/lib/i18n.ts);
 * app/lib/messages-delivery.test.ts renders every route and fails on any such key.
 */

type Namespaces = readonly MessageNamespace[];

/** A form's own label and, for a shared `FIELD.*` label, its grammatical agreement. */
function labelNamespaces(label: MessageKey): MessageNamespace[] {
  return label.startsWith("FIELD.")
    ? [label, `FIELD_AGREEMENT.${label.slice("FIELD.".length)}` as MessageNamespace]
    : [label];
}

/**
 * What a form needs in the browser (app/components/forms/): the form shell, every validation and
 * form-level answer, and the labels of its own fields (which its field messages name).
 */
export function formMessages(kind: FormKind): MessageNamespace[] {
  return [
    "FORM",
    "VALIDATION.FORM_INVALID",
    "VALIDATION.FORM_ERRORS",
    ...VALIDATION_KEYS.flatMap(withAgreementForms),
    "FORMS.REQUIRED_HINT",
    "FORMS.HONEYPOT",
    "FORMS.SELECT_PLACEHOLDER",
    // Every form accepts the privacy policy and links to it (app/components/forms/fields.tsx).
    "FORMS.PRIVACY_LINK",
    kind === "newsletter" ? "SUCCESS.NEWSLETTER_SUBSCRIBED" : "SUCCESS.FORM_SUBMITTED",
    ...labelNamespaces("FIELD.option"),
    ...FORM_FIELDS[kind].flatMap((field) => labelNamespaces(fieldLabelKey(field))),
  ];
}

/** The newsletter form (footer of every page, and the newsletter block). */
export const NEWSLETTER_MESSAGES: Namespaces = [...formMessages("newsletter"), "FORMS.NEWSLETTER"];

/**
 * Every page: the document and error page (app/root.tsx, error-page.tsx), header and menu panels,
 * language switcher, loading bar, footer with its newsletter form, the consent banner and dialog,
 * and the session keeper of a signed-in visitor. Also what a cross-site refusal (403) carries.
 */
export const SHELL_MESSAGES: Namespaces = [
  "SITE.NAME",
  "NAV",
  "LANG",
  "LOADING",
  "ERROR.404",
  "ERROR.500",
  "ERROR.503",
  "ERROR.BACK",
  "ERROR.EVENTS",
  "FOOTER",
  "CONSENT",
  "EVENTS.SEARCH_LABEL",
  "EVENTS.SEARCH_BUTTON",
  "AUTH.SESSION.REFRESHING",
  ...NEWSLETTER_MESSAGES,
];

/** The member screens' forms (app/components/auth/, app/lib/auth/*-schema*.ts): fields, validation, answers. */
export const MEMBER_FORM_MESSAGES: Namespaces = [
  "AUTH.WORKING",
  "AUTH.NEEDS_JS",
  "AUTH_ERROR",
  "SUCCESS",
  "FORM",
  "VALIDATION",
  ...(
    [
      "FIELD.option",
      "FIELD.email",
      "FIELD.password",
      "FIELD.passwordConfirmation",
      "FIELD.currentPassword",
      "FIELD.name",
      "FIELD.surname",
      "FIELD.phone",
      "FIELD.address",
      "FIELD.birthdate",
    ] as const
  ).flatMap(labelNamespaces),
];

/**
 * What a route's loader returns as `messages` (read by `usePageMessages`, app/lib/i18n-context.tsx):
 * frozen (app/lib/frozen.ts), as each set is built once per isolate and never changed.
 */
export function routeMessages(lang: Lang, ...sets: Namespaces[]): Frozen<MessageTree> {
  return freeze(messagesFor(lang, sets.flat()));
}
