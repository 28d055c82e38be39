import { describe, expect, it } from "vitest";
import { all, one, parseHtml, textOf } from "#tests/html.ts";
import cardsCarousel from "./fixtures/cards_carousel.json";
import featuredCards from "./fixtures/featured_cards.json";
import { renderBlok } from "./shared/render-blok";

describe("featured_cards", () => {
  it("renders a titled grid whose cards are h3 under the block's h2, title linked to its page", () => {
    const document = parseHtml(renderBlok(featuredCards.blok));
    expect(textOf(one(document, "h2#featured-featured-boxes-en"))).toBe("Boxes and hospitality");
    const titles = all(document, "h3.card__title");
    expect(titles).toHaveLength(2);
    const link = one(document, 'h3.card__title > a[href="/en/getting-here/"]');
    expect(textOf(link)).toBe("Getting here");
  });

  it("gives a box offer an apply action that opens the hospitality form with the box chosen", () => {
    const document = parseHtml(renderBlok(featuredCards.blok, { lang: "es" }));
    const apply = one(document, 'a.button.button--primary.card__apply[href="/es/hospitality/?box=box-12"]');
    expect(apply.getAttribute("aria-label")).toBe("Solicitar 12-seat box");
    expect(textOf(apply)).toBe("Solicitar");
    const features = one(document, "ul.card__features");
    expect(all(features, "li").map(textOf)).toEqual(["12 padded seats", "Catering service", "2 parking spaces"]);
  });

  it("loads the images of an above-the-fold grid eagerly, and lazily otherwise", () => {
    expect(renderBlok(featuredCards.blok)).toContain('loading="eager" fetchPriority="high"');
    const below = renderBlok({ ...featuredCards.blok, above_the_fold: false });
    expect(below).toContain('loading="lazy"');
    expect(below).not.toContain("eager");
  });

  it("uses h2 cards without a block title, and renders nothing without cards", () => {
    const { title: _title, ...untitled } = featuredCards.blok;
    expect(all(parseHtml(renderBlok(untitled)), "h2.card__title")).toHaveLength(2);
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
    const document = parseHtml(renderBlok(cardsCarousel.blok, { lang: "val" }));
    const track = one(document, "ul.carousel__track");
    expect(track.getAttribute("tabindex")).toBe("0");
    expect(track.getAttribute("aria-label")).toBe("Plan your visit");
    const hint = one(document, `[id="${track.getAttribute("aria-describedby")}"]`);
    expect(textOf(hint)).toContain("Utilitza les fletxes esquerra i dreta per a desplaçar-te");
    expect(all(track, ":scope > li.carousel__slide")).toHaveLength(2);
    const buttons = all(document, "button.carousel__button");
    expect(buttons.map((button) => button.getAttribute("type"))).toEqual(["button", "button"]);
    for (const button of buttons) expect(button.getAttribute("aria-controls")).toBe(track.id);
    // Arrows drawn for the eye, named for screen readers; at the start only "next" can move it.
    expect(buttons.map((button) => [textOf(one(button, ".visually-hidden")), button.hasAttribute("disabled")])).toEqual(
      [
        ["Anterior", true],
        ["Següent", false],
      ],
    );
    // The same control as the event slider's, above the track.
    for (const button of buttons) expect(button.getAttribute("class")).toContain("carousel-button");
    expect(track.previousElementSibling?.getAttribute("class")).toContain("carousel-controls");
  });
});
