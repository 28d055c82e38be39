import * as v from "valibot";
import { RichText } from "#app/lib/rich-text.tsx";
import { RichTextSchema } from "#app/lib/rich-text/schema.ts";
import type { BlokDefinition } from "./definition";

export const textSchema = v.looseObject({
  component: v.literal("text"),
  _uid: v.string(),
  text: RichTextSchema,
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = { schema: textSchema, messages: [], styles: [] } satisfies BlokDefinition;
export { Text as default };

/** A rich-text section. */
export function Text({ blok }: { blok: v.InferOutput<typeof textSchema> }) {
  return (
    <section className="blok-text">
      <RichText document={blok.text} />
    </section>
  );
}
