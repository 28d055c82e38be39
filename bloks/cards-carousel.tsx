import * as v from "valibot";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { Card, cardSchema } from "./shared/card";
import { Carousel } from "./shared/carousel";
import type { BlokDefinition } from "./definition";

export const cardsCarouselSchema = v.looseObject({
  component: v.literal("cards_carousel"),
  _uid: v.string(),
  title: v.optional(v.string()),
  cards: v.array(cardSchema),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: cardsCarouselSchema,
  messages: ["PAGES.PREVIOUS", "PAGES.NEXT", "PAGES.CAROUSEL_HINT", "PAGES.APPLY", "PAGES.APPLY_FOR"],
  styles: [],
} satisfies BlokDefinition;
export { CardsCarousel as default };

/** Cards in a horizontal, keyboard-operable carousel (bloks/shared/carousel.tsx). */
export function CardsCarousel({ blok }: { blok: v.InferOutput<typeof cardsCarouselSchema> }) {
  const { t } = useI18n();
  if (blok.cards.length === 0) return null;
  const titleId = `carousel-${blok._uid}`;
  return (
    <section className="blok-cards-carousel" aria-labelledby={blok.title ? titleId : undefined}>
      {blok.title ? <h2 id={titleId}>{blok.title}</h2> : null}
      <Carousel
        label={blok.title ?? t("PAGES.CAROUSEL_HINT")}
        slides={blok.cards.map((card) => (
          <Card
            key={card._uid}
            card={card}
            headingLevel={blok.title ? 3 : 2}
            imageWidth={320}
            imageSizes="(min-width: 40rem) 20rem, 80vw"
          />
        ))}
      />
    </section>
  );
}
