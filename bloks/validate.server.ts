import * as v from "valibot";
import type { Blok } from "#app/lib/content-types.ts";
import { perObject } from "#app/lib/per-object.ts";
import { isBlok } from "#app/lib/rich-text/attrs.ts";
import { colourMarkOf } from "#app/lib/rich-text/palette.server.ts";
import { ownValue } from "#app/lib/own-keys.ts";
import { storyblokComponents } from "./cms-schema";
import { INVALID_BLOK } from "./problems";
import { blokRegistry } from "./registry.server";

const DROP = Symbol("drop");

/** The fields a block's problems are in (`title`, `links.0.label`), or the block's own name for the block as a whole. */
export function fieldsOf(issues: v.BaseIssue<unknown>[]): string {
  return [...new Set(issues.map((issue) => v.getDotPath(issue) ?? "—"))].join(", ");
}

let modelled: ReadonlySet<string> | null = null;
/**
 * Every component the content model defines: the blocks and the items nested in them (cards,
 * menu links, sponsors…), the same list `npm run cms:schema` gives Storyblok. Worked out once.
 */
function modelledComponents(): ReadonlySet<string> {
  modelled ??= new Set(storyblokComponents().map((component) => component.name));
  return modelled;
}

function validateValue(value: unknown, preview: boolean): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => validateValue(item, preview)).filter((item) => item !== DROP);
  }
  if (typeof value !== "object" || value === null) return value;
  const colour = colourMarkOf(value);
  if (colour) return colour;
  const definition = isBlok(value) ? ownValue(blokRegistry, value.component) : undefined;
  // A component the site does not know renders nothing, so none of its fields may reach a
  // visitor's page (its text would still ship in the page's data). A preview keeps it, so the
  // editor sees the placeholder that names it.
  if (!preview && !definition && isBlok(value) && !modelledComponents().has(value.component)) {
    console.warn(`Unknown block "${value.component}" (${value._uid}) skipped`);
    return DROP;
  }
  let current: Record<string, unknown> = value as Record<string, unknown>;
  if (definition && isBlok(value)) {
    const parsed = v.safeParse(definition.schema, value);
    if (!parsed.success) {
      console.warn(`Invalid block "${value.component}" (${value._uid}) skipped: ${v.summarize(parsed.issues)}`);
      // The editor's marker stays, so a click on the notice opens the broken block (click-to-edit).
      // It names the fields to check, not valibot's English messages: the notice is in the
      // editor's language (BLOKS.INVALID), the details are in the log.
      const marker = {
        component: INVALID_BLOK,
        _uid: value._uid,
        name: value.component,
        issues: fieldsOf(parsed.issues),
        _editable: value._editable,
      };
      return preview ? marker : DROP;
    }
    current = parsed.output as Record<string, unknown>;
  }
  // Nested blocks (page bodies, grid columns, blocks inside rich text) are checked the same way.
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(current)) {
    const checked = validateValue(field, preview);
    if (checked !== DROP) out[key] = checked;
  }
  return out;
}

/**
 * Checks a story's block tree against each block's schema before it is rendered or sent to the
 * browser: valid blocks are replaced by their parsed output (defaults applied), invalid ones are
 * logged and removed — or, in a preview, replaced by a marker naming the problem. Returns null
 * when the root block itself is invalid outside a preview.
 */
export function validateBlokTree(root: Blok, preview = false): Blok | null {
  const checked = validateValue(root, preview);
  return isBlok(checked) ? checked : null;
}

/** Published trees, checked once per story content object (sources keep those per content version). */
const publishedTree = perObject((root: Blok) => validateBlokTree(root));

/**
 * `validateBlokTree` for a page's story: published content is checked once while its story
 * object lives (the embedded stories and the KV cache's parsed entries are kept per content
 * version) instead of on every request; the result is shared and must not be changed. A preview's
 * draft is checked every time (it changes with each edit and carries problem markers).
 */
export function validatedStoryContent(root: Blok, preview: boolean): Blok | null {
  return preview ? validateBlokTree(root, true) : publishedTree(root);
}
