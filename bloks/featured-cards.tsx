import * as v from "valibot";
import { Card, cardSchema } from "./shared/card";
import type { BlokDefinition } from "./definition";

export const featuredCardsSchema = v.looseObject({
  component: v.literal("featured_cards"),
  _uid: v.string(),
  title: v.optional(v.string()),
  intro: v.optional(v.string()),
  cards: v.array(cardSchema),
  /** The block opens the page: its first images load eagerly and first (the likely LCP). */
  above_the_fold: v.pipe(
    v.optional(v.boolean(), false),
    v.description("On only when this block opens the page: its first pictures then load first."),
  ),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: featuredCardsSchema,
  messages: ["PAGES.APPLY", "PAGES.APPLY_FOR"],
  styles: [],
} satisfies BlokDefinition;
export { FeaturedCards as default };

/** How many images of an above-the-fold grid are fetched eagerly: one row on a wide screen. */
const EAGER_IMAGES = 3;

/**
 * A grid of cards (highlights, or box and hospitality offers with their apply action).
 * Renders nothing without cards.
 */
export function FeaturedCards({ blok }: { blok: v.InferOutput<typeof featuredCardsSchema> }) {
  if (blok.cards.length === 0) return null;
  const titleId = `featured-${blok._uid}`;
  return (
    <section className="blok-featured-cards" aria-labelledby={blok.title ? titleId : undefined}>
      {blok.title ? <h2 id={titleId}>{blok.title}</h2> : null}
      {blok.intro ? <p className="blok-intro">{blok.intro}</p> : null}
      <ul className="card-grid">
        {blok.cards.map((card, index) => (
          <li key={card._uid}>
            <Card
              card={card}
              headingLevel={blok.title ? 3 : 2}
              imageWidth={480}
              imageSizes="(min-width: 72rem) 23rem, (min-width: 40rem) 45vw, 90vw"
              eager={blok.above_the_fold && index < EAGER_IMAGES}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
