import { perObject } from "#app/lib/per-object.ts";

/** Every block kind in a story, rich-text embeds included (any object with `component` and `_uid`). */
function collectKinds(node: unknown, kinds: Set<string>) {
  if (Array.isArray(node)) {
    for (const item of node) collectKinds(item, kinds);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const record = node as Record<string, unknown>;
  if (typeof record.component === "string" && typeof record._uid === "string") kinds.add(record.component);
  for (const value of Object.values(record))
    if (typeof value === "object" && value !== null) collectKinds(value, kinds);
}

/**
 * The block kinds a story (or any part of one, such as a rich-text document) holds, worked out
 * once per object: published content is one object per content version, so a warm isolate walks
 * each story once. What the page is sent follows from them: its messages (bloks/messages.server.ts)
 * and the parts of the stylesheet it inlines (app/lib/page-styles.server.ts).
 */
export function kindsInStory(story: unknown): ReadonlySet<string> {
  return typeof story === "object" && story !== null ? kindsOnce(story) : NONE;
}

const NONE: ReadonlySet<string> = new Set();
const kindsOnce = perObject((story: object): ReadonlySet<string> => {
  const kinds = new Set<string>();
  collectKinds(story, kinds);
  return kinds;
});
