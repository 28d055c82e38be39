import { describe, expect, it } from "vitest";
import fixture from "./fixtures/image_carousel.json";
import { renderBlok } from "./shared/render-blok";
import { shownHtml } from "#tests/setup/shown-html.ts";

describe("image_carousel", () => {
  it("renders each image sized, lazy and with its alt text, captioned with its position", () => {
    const html = renderBlok(fixture.blok);
    const images = shownHtml(html).match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('data-src="/images/pages/accessibility-800x500.svg"');
    expect(images[0]).toContain('width="720" height="450"');
    expect(images[0]).toContain('loading="lazy"');
    expect(images[0]).toContain('alt="A ramp leading to the arena&#x27;s main entrance"');
    expect(html).toContain("<figcaption>Main entrance · <!-- -->1 of 2</figcaption>");
  });

  it("shows the images empty state when there is no image with a file", () => {
    for (const images of [[], [{ filename: "", alt: "nothing" }], undefined]) {
      const html = renderBlok({ ...fixture.blok, images }, { lang: "es" });
      expect(html).toContain('<p class="blok-empty">No hay imágenes que mostrar</p>');
      expect(html).not.toContain("<img");
    }
  });
});
