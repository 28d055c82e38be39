import { isFormKind } from "#app/lib/forms/schemas.ts";
import { pageTakesForm } from "#app/lib/forms/page-forms.server.ts";
import type { Blok } from "#app/lib/content-types.ts";
import { langOfPath, type Lang } from "#app/lib/languages.ts";
import { PREVIEW_INPUT_PATH } from "#app/lib/preview-input.ts";

/** Dashboard screens whose own action takes their form (app/routes/dashboard/). */
const MEMBER_FORM = /^\/[a-z]+\/dashboard\/(settings|user-information)\/?$/;

/** Screens of the language trees with no action: everything else in a tree is a content page. */
const NO_ACTION = /^\/[a-z]+\/(event|login|register|password-reset|email-verification|dashboard|cookie-settings)(\/|$)/;

const READ_ONLY = "GET, HEAD";
const WITH_FORM = "GET, HEAD, POST";

/** A content page's blocks by language and slug (`""` at a language's root), or null when there is no such page. */
export type PageContent = (lang: Lang, slug: string) => Promise<Blok | null>;

/**
 * The methods a page address takes, for the `Allow` of every 405 answered on it (RFC 9110,
 * 15.5.6), so OPTIONS, PUT, DELETE and a refused POST name the same set: GET and HEAD always;
 * POST where a form is taken, a dashboard form or a content page that shows the form named in
 * the query (`?form=contact`: form blocks post to their own page, and the page's action takes
 * only the forms it shows). `pathname` is canonical.
 */
export async function pageMethods(pathname: string, search: string, pageContent: PageContent): Promise<string> {
  // The draft a Visual Editor preview posts (app/routes/preview/input.ts) is only posted.
  if (PREVIEW_INPUT_PATH.test(pathname)) return "POST";
  if (MEMBER_FORM.test(pathname)) return WITH_FORM;
  const lang = langOfPath(pathname);
  const form = new URLSearchParams(search).get("form");
  if (lang === null || NO_ACTION.test(pathname) || !isFormKind(form)) return READ_ONLY;
  const slug = pathname.slice(`/${lang}/`.length).replace(/\/$/, "");
  const content = await pageContent(lang, slug);
  return content !== null && pageTakesForm(content, form) ? WITH_FORM : READ_ONLY;
}
