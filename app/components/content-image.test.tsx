import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attributesOf, one, parseHtml } from "#tests/html.ts";
import { ContentImage } from "./content-image";

const asset = "https://a.storyblok.com/f/123456/1600x900/abc123def4/arena.jpg";

/**
 * The image in some markup with its files: a lazy image's `<noscript>` copy (what a browser
 * without scripts shows; the image itself waits with an empty picture), else the image itself.
 */
function imageOf(html: string): Record<string, string> {
  const document = parseHtml(html);
  return attributesOf(document.querySelector("noscript > img") ?? one(document, "img"));
}

describe("ContentImage", () => {
  it("renders a lazy responsive image with its box reserved", () => {
    const html = renderToString(<ContentImage src={asset} alt="The arena" width={640} />);
    // The markup is the image: a placeholder of its box that takes its files near the screen.
    expect(attributesOf(one(parseHtml(html), "body > img:first-child"))).toMatchObject({
      "data-src": `${asset}/m/640x0/filters:quality(70)`,
      width: "640",
      height: "360",
      loading: "lazy",
    });
    const image = imageOf(html);
    expect(image).toMatchObject({
      src: `${asset}/m/640x0/filters:quality(70)`,
      sizes: "(min-width: 640px) 640px, 100vw",
      width: "640",
      height: "360",
      loading: "lazy",
      decoding: "async",
      alt: "The arena",
    });
    expect(image.srcset?.startsWith(`${asset}/m/320x0/filters:quality(70) 320w,`)).toBe(true);
    expect(image).not.toHaveProperty("fetchpriority");
  });

  it("fetches an eager image first", () => {
    const image = imageOf(renderToString(<ContentImage src={asset} alt="" loading="eager" />));
    expect(image).toMatchObject({ loading: "eager", fetchpriority: "high", alt: "" });
  });

  it("shows the default logo, without srcset, when the asset is missing", () => {
    const image = imageOf(renderToString(<ContentImage src={undefined} alt="Arena Valencia" />));
    expect(image).toMatchObject({ src: "/images/default-logo.svg", width: "240", height: "80" });
    expect(image).not.toHaveProperty("srcset");
    expect(image).not.toHaveProperty("sizes");
  });

  it("refuses options outside the limits", () => {
    expect(() => renderToString(<ContentImage src={asset} alt="" quality={120} />)).toThrow(
      /quality must be between 0 and 100/,
    );
  });

  it("builds each source and size once, and never mixes two requests of one source", () => {
    // The same image at the same size, as every request renders it: the same markup each time.
    const first = renderToString(<ContentImage src={asset} alt="" width={480} />);
    expect(renderToString(<ContentImage src={asset} alt="" width={480} />)).toBe(first);
    // Another size or loading of the same source is its own image.
    expect(imageOf(renderToString(<ContentImage src={asset} alt="" width={320} />))).toMatchObject({
      width: "320",
      height: "180",
    });
    expect(imageOf(renderToString(<ContentImage src={asset} alt="" width={480} loading="eager" />))).toMatchObject({
      loading: "eager",
    });
    // A refused option is refused every time, never remembered as an image.
    for (let i = 0; i < 2; i += 1) {
      expect(() => renderToString(<ContentImage src={asset} alt="" blur={101} />)).toThrow(/blur/);
    }
  });
});
