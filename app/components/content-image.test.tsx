import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContentImage } from "./content-image";

const asset = "https://a.storyblok.com/f/123456/1600x900/abc123def4/arena.jpg";

describe("ContentImage", () => {
  it("renders a lazy responsive image with its box reserved", () => {
    const html = renderToString(<ContentImage src={asset} alt="The arena" width={640} />);
    expect(html).toMatch(/^<img /);
    expect(html).toContain(`src="${asset}/m/640x0/filters:quality(70)"`);
    expect(html).toContain(`srcSet="${asset}/m/320x0/filters:quality(70) 320w,`);
    expect(html).toContain('sizes="(min-width: 640px) 640px, 100vw"');
    expect(html).toContain('width="640" height="360"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('alt="The arena"');
    expect(html).not.toContain("fetchPriority");
  });

  it("fetches an eager image first", () => {
    const html = renderToString(<ContentImage src={asset} alt="" loading="eager" />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('alt=""');
  });

  it("shows the default logo, without srcset, when the asset is missing", () => {
    const html = renderToString(<ContentImage src={undefined} alt="Arena Valencia" />);
    expect(html).toContain('src="/images/default-logo.svg"');
    expect(html).toContain('width="240" height="80"');
    expect(html).not.toContain("srcSet");
    expect(html).not.toContain("sizes");
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
    expect(renderToString(<ContentImage src={asset} alt="" width={320} />)).toContain('width="320" height="180"');
    expect(renderToString(<ContentImage src={asset} alt="" width={480} loading="eager" />)).toContain(
      'loading="eager"',
    );
    // A refused option is refused every time, never remembered as an image.
    for (let i = 0; i < 2; i += 1) {
      expect(() => renderToString(<ContentImage src={asset} alt="" blur={101} />)).toThrow(/blur/);
    }
  });
});
