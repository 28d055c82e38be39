import { editableAttributes, type EditableAttributes } from "#bloks/editable.ts";

/**
 * Click-to-edit for what a page renders outside the block renderer (an event's page, the header
 * and footer of the configuration story): the Visual Editor's marker of a draft's content or item
 * as `{ editable }` in a verified preview, and nothing elsewhere, so a public page's data carries
 * no key for it.
 */
export function editableOf(item: Record<string, unknown>, preview: boolean): { editable?: EditableAttributes } {
  const editable = preview ? editableAttributes(item) : null;
  return editable ? { editable } : {};
}
