import { describe, expect, it } from "vitest";
import cardsCarousel from "./fixtures/cards_carousel.json";
import featuredCards from "./fixtures/featured_cards.json";
import { renderBlok } from "./shared/render-blok";

describe("featured_cards", () => {
  it("renders a titled grid whose cards are h3 under the block's h2, title linked to its page", () => {
    const html = renderBlok(featuredCards.blok);
    expect(html).toContain('<h2 id="featured-featured-boxes-en">Boxes and hospitality</h2>');
    expect(html.match(/<h3 class="card__title">/g)).toHaveLength(2);
    expect(html).toMatch(/<h3 class="card__title"><a [^>]*href="\/en\/getting-here\/"[^>]*>Getting here<\/a><\/h3>/);
  });

  it("gives a box offer an apply action that opens the hospitality form with the box chosen", () => {
    const html = renderBlok(featuredCards.blok, { lang: "es" });
    expect(html).toMatch(/<a class="button button--primary card__apply"[^>]*href="\/es\/hospitality\/\?box=box-12"/);
    expect(html).toContain('aria-label="Solicitar 12-seat box"');
    expect(html).toContain(">Solicitar</a>");
    expect(html).toContain("<li>12 padded seats</li><li>Catering service</li><li>2 parking spaces</li>");
  });

  it("loads the images of an above-the-fold grid eagerly, and lazily otherwise", () => {
    expect(renderBlok(featuredCards.blok)).toContain('loading="eager" fetchPriority="high"');
    const below = renderBlok({ ...featuredCards.blok, above_the_fold: false });
    expect(below).toContain('loading="lazy"');
    expect(below).not.toContain("eager");
  });

  it("uses h2 cards without a block title, and renders nothing without cards", () => {
    const { title: _title, ...untitled } = featuredCards.blok;
    expect(renderBlok(untitled).match(/<h2 class="card__title">/g)).toHaveLength(2);
    expect(renderBlok({ ...featuredCards.blok, cards: [] })).toBe("");
  });

  it("refuses an apply_box that is not a box slug", () => {
    const [first] = featuredCards.blok.cards;
    const html = renderBlok(
      { ...featuredCards.blok, cards: [{ ...first, apply_box: 'x" onclick="1' }] },
      { preview: true },
    );
    expect(html).toContain("Invalid block “featured_cards”");
    expect(html).not.toContain("hospitality/?box=");
  });
});

describe("cards_carousel", () => {
  it("renders the cards in a focusable, labelled scroll list with previous and next controls", () => {
    const html = renderBlok(cardsCarousel.blok, { lang: "val" });
    expect(html).toMatch(
      /<ul id="[^"]+" class="carousel__track" tabindex="0" aria-label="Plan your visit" aria-describedby="[^"]+">/,
    );
    expect(html.match(/<li class="carousel__slide">/g)).toHaveLength(2);
    expect(html).toContain("Utilitza les fletxes esquerra i dreta per a desplaçar-te");
    expect(html).toMatch(/<button type="button" class="carousel__button" aria-controls="[^"]+" disabled="">/);
    expect(html).toContain("Anterior");
    expect(html).toContain("Següent");
  });
});
