import * as v from "valibot";
import { NewsletterSignup } from "#app/components/forms/newsletter-signup.tsx";
import type { BlokDefinition } from "./definition";

export const newsletterSchema = v.looseObject({
  component: v.literal("newsletter"),
  _uid: v.string(),
  title: v.optional(v.string()),
  intro: v.optional(v.string()),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: newsletterSchema,
  form: "newsletter",
  messages: ["FORMS.NEWSLETTER"],
  styles: [],
} satisfies BlokDefinition;
export { Newsletter as default };

/** The newsletter signup wherever content places it; without a title it uses the site's own. */
export function Newsletter({ blok }: { blok: v.InferOutput<typeof newsletterSchema> }) {
  return (
    <section className="blok-form blok-newsletter">
      <NewsletterSignup instanceKey={blok._uid} title={blok.title || undefined} intro={blok.intro || undefined} />
    </section>
  );
}
