import type * as v from "valibot";
import { RESOLVED_RELATIONS } from "#app/lib/content-source.ts";
import { SiteConfigSchema } from "#app/lib/content-types.ts";
import { EventContentSchema } from "#app/lib/events/event.ts";
import { RICH_TEXT_STYLES } from "#app/lib/rich-text/classes.ts";
import { COLOUR_STYLES } from "#app/lib/rich-text/palette.server.ts";
import { blokRegistry, type BlokRegistry } from "./registry.server";
import {
  type Shape,
  unwrap,
  members,
  descriptionOf,
  addressOnly,
  sharedByLanguages,
  action,
  has,
  isObject,
  isRichText,
  isAsset,
  isLink,
  isStoryRef,
  isDate,
  isNumber,
} from "./cms-schema-shapes";

// The Storyblok content model generated from the blocks' own valibot schemas (`npm run cms:schema`
// writes storyblok/components/arena/components.json, which `storyblok components push` uploads).
// Field types are read from the schemas' shapes, so a new field or block shows up here by itself;
// bloks/cms-schema.test.ts fails when the committed file and the schemas disagree. docs/editors.md.

/** One field of a component as the Storyblok Management API (and its CLI) takes it. */
export interface StoryblokField {
  type: string;
  pos: number;
  [setting: string]: unknown;
}
interface FieldSettings {
  type: string;
  [setting: string]: unknown;
}

/** One component (block or content type) in the CLI's `components.json` format. */
export interface StoryblokComponent {
  name: string;
  display_name: string;
  is_root: boolean;
  is_nestable: boolean;
  schema: Record<string, StoryblokField>;
}

/** A datasource entry as the Storyblok CLI pushes it. */
export interface StoryblokDatasourceEntry {
  name: string;
  value: string;
  dimension_value: string;
}

/**
 * A datasource the site reads, with the entries the site ships as its defaults, in the format
 * `storyblok datasources pull` writes and `storyblok datasources push` reads (editors keep the
 * entries in Storyblok from then on).
 */
export interface StoryblokDatasource {
  name: string;
  slug: string;
  dimensions: { name: string; entry_value: string }[];
  entries: StoryblokDatasourceEntry[];
}

/** A datasource's embedded default (`content/datasources/<slug>.json`, the CDN's wire format). */
export interface EmbeddedDatasource {
  slug: string;
  entries: { name: string; value: string; dimension_value?: string | null }[];
}

/** The stories that a relation field (`RESOLVED_RELATIONS`, a list of story references) may point to. */
const RELATION_TARGETS: Record<string, string[]> = {
  "upcoming_events.events": ["event"],
  "event.related_events": ["event"],
};

/** Content types besides `page`: what a story is (is_root). Every other registered kind is a block. */
const CONTENT_TYPES: Record<string, v.GenericSchema> = {
  event: EventContentSchema,
  site_config: SiteConfigSchema,
};

/**
 * Words, links and images differ per language (es, en, ca): field-level translation. Dates,
 * numbers, options and lists of blocks are shared by all three.
 */
const TRANSLATED = { translatable: true };

/**
 * The rich-text editor's buttons: one for each node and mark the renderer draws
 * (app/lib/rich-text/render.tsx), the style menu (styles and the palette's colours), and editing
 * aids. Storyblok's own colour pickers (`color`, `highlight`) are left out: they offer any colour,
 * and the site keeps only its palette, offered among the styles.
 */
export const RICH_TEXT_TOOLBAR = [
  ...["bold", "italic", "underline", "strike", "inlinecode", "superscript", "subscript", "style", "link", "anchor"],
  ...["paragraph", "h1", "h2", "h3", "h4", "h5", "h6", "quote", "list", "olist", "code", "hrule", "image", "emoji"],
  ...["blok", "unset", "undo", "redo", "copy", "cut", "paste"],
];

/** What a rich-text field offers: the renderer's styles and palette colours, links in a new tab, a link title. */
function richTextOptions() {
  return {
    customize_toolbar: true,
    toolbar: RICH_TEXT_TOOLBAR,
    style_options: [...RICH_TEXT_STYLES, ...COLOUR_STYLES.keys()].map((value) => ({
      _uid: value,
      name: humanize(value.replace(/-/g, " ")),
      value,
    })),
    allow_target_blank: true,
    allow_custom_attributes: true,
  };
}

/** Keys Storyblok manages itself on every block. */
const SYSTEM_KEYS = new Set(["component", "_uid", "_editable"]);
/** Field types that must say, under the field, what they mean: the generator stops without it. */
const MISREADABLE_TYPES = new Set(["number", "boolean", "datetime"]);

const singular = (word: string) => word.replace(/ies$/, "y").replace(/s$/, "");
const humanize = (key: string) => key.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());

/** The nested component an array of blocks holds: its literal name, or one made from its place. */
function nestedName(item: Shape, parent: string, field: string): string | null {
  const component = item.entries?.component;
  if (component?.type === "literal") return String(component.literal);
  const extraFields = Object.keys(item.entries ?? {}).filter((key) => !SYSTEM_KEYS.has(key));
  if (component?.type === "string" && extraFields.length === 0) return null; // any block
  return component ? singular(field) : `${singular(parent)}_${singular(field)}`;
}

class ModelBuilder {
  readonly components = new Map<string, StoryblokComponent>();

  /** Every registered block kind that may sit in a page body or a grid column. */
  constructor(private readonly anyBlock: string[]) {}

  add(name: string, schema: Shape, { root }: { root: boolean }): void {
    if (this.components.has(name)) return;
    const component: StoryblokComponent = {
      name,
      display_name: humanize(name),
      is_root: root,
      is_nestable: !root,
      schema: {},
    };
    this.components.set(name, component);
    let pos = 0;
    for (const [key, field] of Object.entries(schema.entries ?? {})) {
      if (SYSTEM_KEYS.has(key)) continue;
      const description = descriptionOf(field);
      const settings = this.field(name, key, field);
      // A number's unit, a date's clock or a switch's effect is what an editor misreads.
      if (!description && MISREADABLE_TYPES.has(settings.type))
        throw new Error(`${name}.${key}: a ${settings.type} field needs a description (v.description) for editors`);
      component.schema[key] = {
        pos: pos++,
        display_name: humanize(key),
        ...(description ? { description } : {}),
        ...settings,
      };
    }
  }

  private field(parent: string, key: string, schema: Shape): FieldSettings {
    const { inner, optional, fallback } = unwrap(schema);
    const required = optional ? {} : { required: true };
    const defaults = fallback !== undefined && typeof fallback !== "object" ? { default_value: String(fallback) } : {};
    const options = members(inner);
    const single = options.length === 1 ? options[0]! : inner;

    if (RESOLVED_RELATIONS.includes(`${parent}.${key}`) || RELATION_TARGETS[`${parent}.${key}`]) {
      if (single.type === "array" && single.item && isStoryRef(unwrap(single.item).inner)) {
        return {
          type: "options",
          source: "internal_stories",
          filter_content_type: RELATION_TARGETS[`${parent}.${key}`] ?? [],
          ...required,
        };
      }
    }
    if (isRichText(single)) return { type: "richtext", ...richTextOptions(), ...TRANSLATED, ...required };
    if (isAsset(single)) return { type: "asset", filetypes: ["images"], ...TRANSLATED, ...required };
    if (isLink(single) && addressOnly(schema)) return { type: "multilink", ...TRANSLATED, ...required };
    if (isLink(single)) {
      return {
        type: "multilink",
        allow_target_blank: true,
        // The renderer keeps a link's title (app/lib/rich-text/links.ts) and asset links.
        allow_custom_attributes: true,
        asset_link_type: true,
        email_link_type: true,
        show_anchor: true,
        ...TRANSLATED,
        ...required,
      };
    }
    if (isObject(single) && has(single, "og_image")) return { type: "custom", field_type: "seo-metatags" };
    if (single.type === "picklist" || options.every((m) => m.type === "picklist")) {
      const values = options.flatMap((m) => (m.type === "picklist" ? (m.options as string[]) : []));
      return {
        type: "option",
        options: values.map((value) => ({ name: humanize(value), value })),
        ...(inner.type === "union" ? {} : required),
        ...defaults,
      };
    }
    if (single.type === "boolean") return { type: "boolean", ...defaults };
    if (isNumber(options)) {
      const min = action(single, "min_value");
      return { type: "number", ...(typeof min === "number" ? { min_value: min } : {}), ...required, ...defaults };
    }
    if (single.type === "array" && single.item) {
      const item = unwrap(single.item).inner;
      const bounds = {
        ...(typeof action(single, "min_length") === "number" ? { minimum: action(single, "min_length") } : {}),
        ...(typeof action(single, "max_length") === "number" ? { maximum: action(single, "max_length") } : {}),
      };
      if (isAsset(item)) return { type: "multiasset", filetypes: ["images"], ...required };
      if (isObject(item)) {
        const name = nestedName(item, parent, key);
        if (name) this.add(name, item, { root: false });
        return {
          type: "bloks",
          restrict_components: true,
          component_whitelist: name ? [name] : this.anyBlock,
          ...bounds,
          ...required,
        };
      }
    }
    if (single.type === "string") {
      if (isDate(single)) return { type: "datetime", ...required };
      const max = action(single, "max_length");
      const limit = typeof max === "number" ? { max_length: max } : {};
      const translated = sharedByLanguages(single) ? {} : TRANSLATED;
      return { type: "text", ...limit, ...translated, ...required, ...defaults };
    }
    throw new Error(`${parent}.${key}: no Storyblok field type for a valibot "${single.type}" schema`);
  }
}

/** The space's components, content types first, then blocks, each list by name. */
export function storyblokComponents(registry: BlokRegistry = blokRegistry): StoryblokComponent[] {
  const roots: Record<string, v.GenericSchema> = { ...CONTENT_TYPES, page: registry.page!.schema };
  const blocks = Object.keys(registry).filter((kind) => !Object.hasOwn(roots, kind));
  const builder = new ModelBuilder(blocks.toSorted());
  for (const [name, schema] of Object.entries(roots)) builder.add(name, schema as Shape, { root: true });
  for (const kind of blocks) builder.add(kind, registry[kind]!.schema as Shape, { root: false });
  const all = [...builder.components.values()];
  const byName = (a: StoryblokComponent, b: StoryblokComponent) => a.name.localeCompare(b.name);
  return [...all.filter((c) => c.is_root).toSorted(byName), ...all.filter((c) => !c.is_root).toSorted(byName)];
}

/** The datasources the site reads, with their entries: one per embedded default in content/datasources/ (e.g. `redirects`). */
export function storyblokDatasources(sources: EmbeddedDatasource[]): StoryblokDatasource[] {
  return sources
    .toSorted((a, b) => a.slug.localeCompare(b.slug))
    .map(({ slug, entries }) => ({
      name: humanize(slug),
      slug,
      dimensions: [],
      entries: entries.map((entry) => ({
        name: entry.name,
        value: entry.value,
        dimension_value: entry.dimension_value ?? "",
      })),
    }));
}
