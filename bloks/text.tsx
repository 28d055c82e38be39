import * as v from "valibot";
import { RichText } from "#app/lib/rich-text.tsx";
import { RichTextSchema } from "#app/lib/rich-text/schema.ts";

export const textSchema = v.looseObject({
  component: v.literal("text"),
  _uid: v.string(),
  text: RichTextSchema,
});

/** A rich-text section. */
export function Text({ blok }: { blok: v.InferOutput<typeof textSchema> }) {
  return (
    <section className="blok-text">
      <RichText document={blok.text} />
    </section>
  );
}
