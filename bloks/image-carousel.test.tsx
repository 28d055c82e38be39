import { describe, expect, it } from "vitest";
import fixture from "./fixtures/image_carousel.json";
import { renderBlok } from "./shared/render-blok";
import { all, attributesOf, one, parseHtml, shown, textOf } from "#tests/html.ts";

describe("image_carousel", () => {
  it("renders each image sized, lazy and with its alt text, captioned with its position", () => {
    const document = shown(parseHtml(renderBlok(fixture.blok)));
    const images = all(document, "img").map(attributesOf);
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({
      "data-src": "/images/pages/accessibility-800x500.svg",
      width: "720",
      height: "450",
      loading: "lazy",
      alt: "A ramp leading to the arena's main entrance",
    });
    expect(textOf(one(document, "figcaption"))).toBe("Main entrance · 1 of 2");
  });

  it("shows the images empty state when there is no image with a file", () => {
    for (const images of [[], [{ filename: "", alt: "nothing" }], undefined]) {
      const document = parseHtml(renderBlok({ ...fixture.blok, images }, { lang: "es" }));
      expect(textOf(one(document, "p.blok-empty"))).toBe("No hay imágenes que mostrar");
      expect(all(document, "img")).toEqual([]);
    }
  });
});
