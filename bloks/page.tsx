import * as v from "valibot";
import { BlokSchema } from "#app/lib/content-types.ts";
import { SeoFieldsSchema } from "#app/lib/seo.ts";
import { Bloks } from "./render";
import type { BlokDefinition } from "./definition";

export const pageSchema = v.looseObject({
  component: v.literal("page"),
  _uid: v.string(),
  title: v.optional(v.string()),
  /** Search and social fields; a malformed value is ignored rather than hiding the page. */
  seo: v.fallback(v.optional(SeoFieldsSchema), undefined),
  body: v.optional(v.array(BlokSchema), []),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = { schema: pageSchema, messages: [], styles: [] } satisfies BlokDefinition;
export { Page as default };

/** A page: a column of blocks. */
export function Page({ blok }: { blok: v.InferOutput<typeof pageSchema> }) {
  return (
    <div className="blok-page">
      <Bloks bloks={blok.body} />
    </div>
  );
}
