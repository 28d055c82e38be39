// Click-to-edit in Storyblok's Visual Editor: in a preview (bloks/shared/editor-markers.tsx), `BlokView`
// (bloks/render.tsx) renders each draft block inside an element carrying these attributes, and
// blocks put them on the items they nest (bloks/item-markers.ts); published content has no marker.
// Only previews and the server load this module.

/** What Storyblok's Visual Editor bridge looks for to make a block clickable in a preview. */
export interface EditableAttributes {
  "data-blok-c": string;
  "data-blok-uid": string;
}

const MARKER = /^<!--#storyblok#(\{.*\})-->$/s;
const isKey = (value: unknown) => typeof value === "string" || typeof value === "number";

/**
 * The Visual Editor's marker of a block (`_editable`, present only in draft responses:
 * `<!--#storyblok#{"name":"text","space":"1","uid":"…","id":"…"}-->`) as the attributes the bridge
 * reads (the same ones `storyblokEditable` of @storyblok/js writes). Null for a block without a
 * marker or with one that is not the editor's JSON; React escapes attribute values, so a hostile
 * marker cannot break out of them.
 */
export function editableAttributes(blok: Record<string, unknown>): EditableAttributes | null {
  const marker = typeof blok._editable === "string" ? MARKER.exec(blok._editable.trim()) : null;
  if (!marker?.[1]) return null;
  let options: unknown;
  try {
    options = JSON.parse(marker[1]);
  } catch {
    return null;
  }
  if (typeof options !== "object" || options === null) return null;
  const { id, uid } = options as { id?: unknown; uid?: unknown };
  if (!isKey(id) || !isKey(uid)) return null;
  return { "data-blok-c": JSON.stringify(options), "data-blok-uid": `${String(id)}-${String(uid)}` };
}
