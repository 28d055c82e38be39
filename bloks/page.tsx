import * as v from "valibot";
import { BlokSchema } from "#app/lib/content-types.ts";
import { SeoFieldsSchema } from "#app/lib/seo.ts";
import { Bloks } from "./render";

export const pageSchema = v.looseObject({
  component: v.literal("page"),
  _uid: v.string(),
  title: v.optional(v.string()),
  /** Search and social fields; a malformed value is ignored rather than hiding the page. */
  seo: v.fallback(v.optional(SeoFieldsSchema), undefined),
  body: v.optional(v.array(BlokSchema), []),
});

/** A page: a column of blocks. */
export function Page({ blok }: { blok: v.InferOutput<typeof pageSchema> }) {
  return (
    <div className="blok-page">
      <Bloks bloks={blok.body} />
    </div>
  );
}
