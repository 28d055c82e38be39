import * as v from "valibot";

/**
 * Test oracles: what Google's rich results require of the structured data the blocks publish
 * (developers.google.com/search/docs/appearance/structured-data/breadcrumb and /faqpage).
 */
export const BreadcrumbListSchema = v.object({
  "@context": v.literal("https://schema.org"),
  "@type": v.literal("BreadcrumbList"),
  itemListElement: v.pipe(
    v.array(
      v.strictObject({
        "@type": v.literal("ListItem"),
        position: v.pipe(v.number(), v.integer(), v.minValue(1)),
        name: v.pipe(v.string(), v.minLength(1)),
        item: v.pipe(v.string(), v.url()),
      }),
    ),
    v.minLength(1),
    v.check((items) => items.every((item, index) => item.position === index + 1), "positions run 1, 2, 3…"),
  ),
});

export const FaqPageSchema = v.object({
  "@context": v.literal("https://schema.org"),
  "@type": v.literal("FAQPage"),
  mainEntity: v.pipe(
    v.array(
      v.strictObject({
        "@type": v.literal("Question"),
        name: v.pipe(v.string(), v.minLength(1)),
        acceptedAnswer: v.strictObject({ "@type": v.literal("Answer"), text: v.pipe(v.string(), v.minLength(1)) }),
      }),
    ),
    v.minLength(1),
  ),
});

/** The parsed JSON of every `application/ld+json` script in some HTML, with its nonce. */
export function jsonLdScripts(html: string): { nonce: string | undefined; data: unknown }[] {
  return [...html.matchAll(/<script type="application\/ld\+json"(?: nonce="([^"]*)")?[^>]*>(.*?)<\/script>/g)].map(
    ([, nonce, json]) => ({ nonce, data: JSON.parse(json ?? "") }),
  );
}
