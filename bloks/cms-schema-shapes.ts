// Reading a valibot schema's shape for the generated content model (bloks/cms-schema.ts): what a
// field holds (rich text, an asset, a link, a story, a date, a number), whether it may be empty,
// its default, its description for editors and whether it is the same in every language.

// valibot keeps a schema's shape on plain properties; only the few read here are typed.
export interface Shape {
  type: string;
  wrapped?: Shape;
  default?: unknown;
  entries?: Record<string, Shape>;
  item?: Shape;
  options?: (Shape | string)[];
  literal?: unknown;
  pipe?: PipeStep[];
}

interface PipeStep {
  type: string;
  requirement?: unknown;
  description?: unknown;
  metadata?: unknown;
  /** A piped schema's own steps (`v.pipe(LocalDateTimeSchema, v.description(…))`). */
  pipe?: PipeStep[];
}

/** A schema's pipe steps, with those of a schema piped further (a described date keeps its pattern). */
function steps(schema: Shape | PipeStep): PipeStep[] {
  return (schema.pipe ?? []).flatMap((step) => (step !== schema && step.pipe ? [step, ...steps(step)] : [step]));
}

const OPTIONAL_TYPES = new Set(["optional", "nullish", "nullable", "exact_optional", "undefinedable"]);
const OBJECT_TYPES = new Set(["object", "loose_object", "strict_object", "object_with_rest"]);

/** The schema without optional/nullable wrappers, whether it may be left empty, and its default. */
export function unwrap(schema: Shape): { inner: Shape; optional: boolean; fallback: unknown } {
  let inner = schema;
  let optional = false;
  let fallback: unknown;
  while (OPTIONAL_TYPES.has(inner.type) && inner.wrapped) {
    optional = true;
    if (inner.default !== undefined && typeof inner.default !== "function") fallback ??= inner.default;
    inner = inner.wrapped;
  }
  return { inner, optional, fallback };
}

/** A union's members, without the empty string that stands for "not set". */
export function members(schema: Shape): Shape[] {
  if (schema.type !== "union" && schema.type !== "variant") return [schema];
  return (schema.options as Shape[])
    .flatMap((option) => members(unwrap(option).inner))
    .filter((option) => !(option.type === "literal" && option.literal === ""));
}

/** A field's `v.description(…)`, on the field or inside its optional wrapper: shown to editors under the field. */
export function descriptionOf(schema: Shape): string | undefined {
  for (let current: Shape | undefined = schema; current; current = current.wrapped) {
    const found = steps(current).find((step) => step.type === "description")?.description;
    if (typeof found === "string") return found;
  }
  return undefined;
}

/** Whether the site keeps only where a link field leads (`AddressLinkSchema`, app/lib/rich-text/links.ts). */
export function addressOnly(schema: Shape): boolean {
  for (let current: Shape | undefined = schema; current; current = current.wrapped) {
    const metadata = steps(current).find((step) => step.type === "metadata")?.metadata;
    if (
      typeof metadata === "object" &&
      metadata !== null &&
      (metadata as { addressOnly?: unknown }).addressOnly === true
    )
      return true;
  }
  return false;
}

/**
 * Whether a text field is the same in every language: `v.metadata({ translatable: false })` on a
 * value the site reads as an address (a slug), where a translation would lead nowhere.
 */
export function sharedByLanguages(schema: Shape): boolean {
  const metadata = steps(schema).find((step) => step.type === "metadata")?.metadata;
  return (
    typeof metadata === "object" && metadata !== null && (metadata as { translatable?: unknown }).translatable === false
  );
}

export function action(schema: Shape, type: string) {
  return steps(schema).find((step) => step.type === type)?.requirement;
}

export const has = (schema: Shape, ...keys: string[]) => keys.every((key) => schema.entries?.[key] !== undefined);
export const isObject = (schema: Shape) => OBJECT_TYPES.has(schema.type);
export const isRichText = (schema: Shape) => isObject(schema) && has(schema, "type", "content", "marks");
export const isAsset = (schema: Shape) => isObject(schema) && has(schema, "filename");
export const isLink = (schema: Shape) => isObject(schema) && has(schema, "linktype");
export const isStoryRef = (schema: Shape) =>
  members(schema).every((m) => m.type === "string" || (isObject(m) && has(m, "uuid")));
export const isDate = (schema: Shape) => {
  const pattern = action(schema, "regex");
  return pattern instanceof RegExp && pattern.source.includes("\\d{4}-\\d{2}-\\d{2}");
};
export const isNumber = (options: Shape[]) => options.some((m) => m.type === "number");
