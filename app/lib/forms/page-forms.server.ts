import { hasBlock } from "#bloks/data.server.ts";
import type { Blok } from "#app/lib/content-types.ts";
import type { FormKind } from "./schemas.ts";

/** The block that shows each form; the newsletter's is also in the footer, on every page. */
const FORM_BLOCKS: Record<Exclude<FormKind, "newsletter">, string> = {
  contact: "contact",
  hospitality: "hospitality",
  "refund-request": "ticket_service",
};

/**
 * Whether a content page takes a form's post (`?form=<kind>`): form blocks post to their own
 * page, so a page takes only the forms it shows. Its action refuses the others (405), and every
 * other method's `Allow` asks the same question (worker/lib/page-methods.ts).
 */
export function pageTakesForm(content: Blok, kind: FormKind): boolean {
  return kind === "newsletter" || hasBlock(content, FORM_BLOCKS[kind]);
}
