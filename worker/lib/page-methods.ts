import { isFormKind } from "#app/lib/forms/schemas.ts";
import { langOfPath } from "#app/lib/languages.ts";
import { PREVIEW_INPUT_PATH } from "#app/lib/preview-input.ts";

/** Dashboard screens whose own action takes their form (app/routes/dashboard/). */
const MEMBER_FORM = /^\/[a-z]+\/dashboard\/(settings|user-information)\/?$/;

/** Screens of the language trees with no action: everything else in a tree is a content page. */
const NO_ACTION = /^\/[a-z]+\/(event|login|register|password-reset|email-verification|dashboard|cookie-settings)(\/|$)/;

/**
 * The methods a page address takes, for the `Allow` of every 405 answered on it (RFC 9110,
 * 15.5.6), so OPTIONS, PUT, DELETE and a refused POST name the same set: GET and HEAD always;
 * POST where a form is taken, a dashboard form or a content page with a form named in the
 * query (`?form=contact`: form blocks post to their own page). `pathname` is canonical.
 */
export function pageMethods(pathname: string, search: string): string {
  // The draft a Visual Editor preview posts (app/routes/preview/input.ts) is only posted.
  if (PREVIEW_INPUT_PATH.test(pathname)) return "POST";
  const form = new URLSearchParams(search).get("form");
  const contentForm = langOfPath(pathname) !== null && !NO_ACTION.test(pathname) && isFormKind(form);
  return MEMBER_FORM.test(pathname) || contentForm ? "GET, HEAD, POST" : "GET, HEAD";
}
