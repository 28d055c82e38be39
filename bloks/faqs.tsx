import * as v from "valibot";
import { useItemMarkers } from "./item-markers";
import { JsonLd, type JsonLdData } from "#app/lib/json-ld.tsx";
import { RichText, RichTextSchema, type RichTextNode } from "#app/lib/rich-text.tsx";
import { plainTextOf } from "./shared/plain-text";
import type { BlokDefinition } from "./definition";

const faqItemSchema = v.looseObject({
  _uid: v.string(),
  question: v.pipe(v.string(), v.minLength(1)),
  answer: RichTextSchema,
});

export const faqsSchema = v.looseObject({
  component: v.literal("faqs"),
  _uid: v.string(),
  title: v.optional(v.string()),
  items: v.array(faqItemSchema),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = { schema: faqsSchema, messages: [], styles: [] } satisfies BlokDefinition;
export { Faqs as default };

/** The schema.org FAQPage of the questions: each a Question with its accepted Answer as plain text. */
export function faqPageJsonLd(items: readonly { question: string; answer: RichTextNode }[]): JsonLdData {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: plainTextOf(item.answer) },
    })),
  };
}

/**
 * Questions and answers as a native disclosure list (`<details>`/`<summary>`): keyboard
 * operable and announced as expandable without any script. Carries FAQPage JSON-LD.
 */
export function Faqs({ blok }: { blok: v.InferOutput<typeof faqsSchema> }) {
  const marker = useItemMarkers();
  const items = blok.items.filter((item) => plainTextOf(item.answer) !== "");
  if (items.length === 0) return null;
  const titleId = `faqs-${blok._uid}`;
  return (
    <section className="blok-faqs" aria-labelledby={blok.title ? titleId : undefined}>
      {blok.title ? <h2 id={titleId}>{blok.title}</h2> : null}
      {items.map((item) => (
        <details key={item._uid} className="faq" {...marker(item)}>
          <summary className="faq__question">{item.question}</summary>
          <div className="faq__answer">
            <RichText document={item.answer} />
          </div>
        </details>
      ))}
      <JsonLd data={faqPageJsonLd(items)} />
    </section>
  );
}
