import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { placeholderOf } from "#app/lib/deferred-images.ts";
import type { ResponsiveImage } from "#app/lib/image.ts";
import { all, parseHtml } from "#tests/html.ts";
import { ResponsiveImg } from "./responsive-img";

const image: ResponsiveImage = {
  src: "/images/events/gala-640x360.webp",
  srcSet: "/images/events/gala-320x180.webp 320w, /images/events/gala-640x360.webp 640w",
  sizes: "min(85vw, 18rem)",
  width: 640,
  height: 360,
  loading: "lazy",
};

/** The `<img>` elements of some markup, each as its attributes by (lower-case, as HTML reads them) name. */
function images(html: string): Record<string, string | undefined>[] {
  return all(parseHtml(html), "img").map((img) =>
    Object.fromEntries([...img.attributes].map((attribute) => [attribute.name, attribute.value])),
  );
}

describe("ResponsiveImg", () => {
  it("sends a lazy image with an empty picture of its shape and its files for later", () => {
    const html = renderToString(<ResponsiveImg image={image} alt="A gala" className="card__image" />);
    const [waiting = {}, copy] = images(html);
    expect(waiting.src).toBe(placeholderOf(640, 360));
    expect(waiting).toMatchObject({
      "data-src": image.src,
      "data-srcset": image.srcSet,
      "data-sizes": image.sizes,
      width: "640",
      height: "360",
      alt: "A gala",
      class: "card__image",
    });
    // No srcset or sizes of its own: the browser would fetch from them at once.
    expect(waiting.srcset).toBeUndefined();
    expect(waiting.sizes).toBeUndefined();
    // Browsers without scripts get the image itself, as before.
    const last = parseHtml(html).body.lastElementChild;
    expect([last?.tagName, last?.children.length, last?.firstElementChild?.tagName]).toEqual(["NOSCRIPT", 1, "IMG"]);
    expect(copy).toMatchObject({
      src: image.src,
      srcset: image.srcSet,
      sizes: image.sizes,
      loading: "lazy",
      alt: "A gala",
    });
  });

  it("sends an eager image with its files, fetched first, and no copy", () => {
    const html = renderToString(<ResponsiveImg image={{ ...image, loading: "eager" }} alt="" />);
    expect(images(html)).toEqual([
      expect.objectContaining({ src: image.src, srcset: image.srcSet, fetchpriority: "high", loading: "eager" }),
    ]);
    expect(html).not.toContain("noscript");
    expect(html).not.toContain("data-src");
  });

  it("gives images of one shape one placeholder, whose own shape is the image's", () => {
    expect(placeholderOf(480, 270)).toBe(placeholderOf(480, 270));
    const svg = decodeURIComponent(placeholderOf(800, 500).replace(/^data:image\/svg\+xml,/, ""));
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500"/>');
  });
});
