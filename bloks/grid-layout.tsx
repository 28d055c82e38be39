import * as v from "valibot";
import { useItemMarkers } from "./item-markers";
import { BlokSchema } from "#app/lib/content-types.ts";
import { Bloks } from "./render";
import type { BlokDefinition } from "./definition";

/** One column of a grid: any blocks, stacked. */
const gridColumnSchema = v.looseObject({
  _uid: v.string(),
  body: v.optional(v.array(BlokSchema), []),
});

export const gridLayoutSchema = v.looseObject({
  component: v.literal("grid_layout"),
  _uid: v.string(),
  /** One to four columns; more would be too narrow to read on any screen. */
  columns: v.pipe(v.array(gridColumnSchema), v.minLength(1), v.maxLength(4)),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = { schema: gridLayoutSchema, messages: [], styles: [] } satisfies BlokDefinition;
export { GridLayout as default };

/**
 * Columns of nested blocks side by side on wide screens, stacked on narrow ones. Each nested
 * block goes through the registry, so a bad one costs only itself.
 */
export function GridLayout({ blok }: { blok: v.InferOutput<typeof gridLayoutSchema> }) {
  const marker = useItemMarkers();
  return (
    <div className="blok-grid-layout" data-columns={blok.columns.length}>
      {blok.columns.map((column) => (
        <div key={column._uid} className="blok-grid-layout__column" {...marker(column)}>
          <Bloks bloks={column.body} />
        </div>
      ))}
    </div>
  );
}
