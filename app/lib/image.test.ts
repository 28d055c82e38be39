import { describe, expect, it } from "vitest";
import { buildImage, DEFAULT_IMAGE, ImageOptionError, parseStoryblokAsset, storyblokImageUrl } from "./image";

const asset = "https://a.storyblok.com/f/123456/1600x900/abc123def4/arena.jpg";

describe("storyblokImageUrl", () => {
  it("builds /m/WxH with quality 70 and no format filter by default", () => {
    expect(storyblokImageUrl(asset, { width: 800, height: 450 })).toBe(`${asset}/m/800x450/filters:quality(70)`);
  });

  it("adds every filter inside its limits", () => {
    const url = storyblokImageUrl(
      asset,
      { width: 400, height: 0 },
      { quality: 100, format: "webp", blur: 0, brightness: 100, rotate: 270 },
    );
    expect(url).toBe(`${asset}/m/400x0/filters:quality(100):format(webp):blur(0):brightness(100):rotate(270)`);
  });

  it("adds the focal point only when the image is cropped", () => {
    expect(storyblokImageUrl(asset, { width: 400, height: 400 }, { focus: "10x20:11x21" })).toContain(
      "focal(10x20:11x21)",
    );
    expect(storyblokImageUrl(asset, { width: 400, height: 0 }, { focus: "10x20:11x21" })).not.toContain("focal");
  });

  it.each([
    [{ quality: 101 }, /quality must be between 0 and 100 \(got 101\)/],
    [{ quality: -1 }, /quality must be between 0 and 100/],
    [{ quality: 50.5 }, /quality must be a whole number/],
    [{ blur: 150 }, /blur must be between 0 and 100/],
    [{ brightness: -10 }, /brightness must be between 0 and 100/],
    [{ rotate: 45 }, /rotate must be 0, 90, 180 or 270 \(got 45\)/],
    [{ format: "gif" }, /format must be webp, png or jpeg \(got "gif"\)/],
    [{ format: "avif" }, /format must be webp, png or jpeg/],
    [{ loading: "auto" }, /loading must be lazy or eager/],
    [{ width: 0 }, /width must be at least 1 pixel/],
    [{ focus: "center" }, /focus must look like/],
  ])("refuses %j with a clear error", (options, message) => {
    expect(() => storyblokImageUrl(asset, { width: 10, height: 10 }, options)).toThrow(ImageOptionError);
    expect(() => buildImage(asset, options)).toThrow(message);
  });

  it("names every broken limit at once", () => {
    expect(() => buildImage(asset, { quality: 200, rotate: 1 })).toThrow(/quality.*; rotate/);
  });

  it("accepts the edges of every limit", () => {
    for (const value of [0, 100]) {
      expect(() => buildImage(asset, { quality: value, blur: value, brightness: value })).not.toThrow();
    }
    for (const rotate of [0, 90, 180, 270]) expect(() => buildImage(asset, { rotate })).not.toThrow();
    for (const format of ["webp", "png", "jpeg"]) expect(() => buildImage(asset, { format })).not.toThrow();
    for (const loading of ["lazy", "eager"]) expect(buildImage(asset, { loading }).loading).toBe(loading);
  });

  it("refuses URLs that are not Storyblok assets", () => {
    expect(() => storyblokImageUrl("https://evil.test/f/1/10x10/a/b.jpg", { width: 1, height: 1 })).toThrow(
      /Not a Storyblok asset URL/,
    );
  });
});

describe("parseStoryblokAsset", () => {
  it("reads the original size from the path, in any region, without an existing /m/ part", () => {
    expect(parseStoryblokAsset("//a-us.storyblok.com/f/1/640x480/ff/x.png/m/100x100")).toEqual({
      base: "https://a-us.storyblok.com/f/1/640x480/ff/x.png",
      width: 640,
      height: 480,
    });
    expect(parseStoryblokAsset("https://a.storyblok.com.evil.test/f/1/640x480/ff/x.png")).toBeNull();
  });
});

describe("buildImage", () => {
  it("emits a responsive srcset, width and height, never wider than the original", () => {
    const image = buildImage(asset, { width: 800 });
    expect(image).toMatchObject({
      width: 800,
      height: 450,
      loading: "lazy",
      src: `${asset}/m/800x0/filters:quality(70)`,
    });
    const widths = image.srcSet?.split(", ").map((entry) => entry.split(" ")[1]);
    expect(widths).toEqual(["320w", "480w", "640w", "800w", "960w", "1280w", "1600w"]);
    expect(image.sizes).toBe("(min-width: 800px) 800px, 100vw");
  });

  it("crops every srcset candidate to the asked-for box", () => {
    const image = buildImage(asset, { width: 400, height: 400 });
    expect(image).toMatchObject({ width: 400, height: 400 });
    expect(image.srcSet).toContain(`${asset}/m/320x320/filters:quality(70) 320w`);
    expect(image.srcSet).toContain(`${asset}/m/800x800/filters:quality(70) 800w`);
  });

  it("derives the width from a height alone", () => {
    expect(buildImage(asset, { height: 90 })).toMatchObject({ width: 160, height: 90 });
  });

  it("serves an asset without a size in its path as it is, and only when the caller gives the size", () => {
    const unsized = "https://a.storyblok.com/f/123456/0x0/abc/photo.jpg";
    expect(buildImage(unsized, { width: 300, height: 200 })).toEqual({
      src: unsized,
      width: 300,
      height: 200,
      loading: "lazy",
    });
    expect(buildImage(unsized).src).toBe(DEFAULT_IMAGE.src);
  });

  it("leaves SVGs untouched", () => {
    const svg = "https://a.storyblok.com/f/123456/300x100/abc/logo.svg";
    expect(buildImage(svg)).toEqual({ src: svg, width: 300, height: 100, loading: "lazy" });
  });

  it("serves embedded content's local images as they are, sized from their name", () => {
    expect(buildImage("/images/og/arena-1200x630.jpg", { width: 600 })).toEqual({
      src: "/images/og/arena-1200x630.jpg",
      width: 600,
      height: 315,
      loading: "lazy",
    });
    expect(buildImage("/images/unsized.jpg", { width: 20, height: 10 })).toMatchObject({ width: 20, height: 10 });
  });

  it.each([
    undefined,
    null,
    "",
    "   ",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "https://other.test/x.jpg",
  ])("falls back to the default logo for %j", (src) => {
    expect(buildImage(src)).toEqual({ ...DEFAULT_IMAGE, loading: "lazy" });
  });

  it("keeps the asked-for width on the fallback", () => {
    expect(buildImage(null, { width: 120, loading: "eager" })).toEqual({
      src: DEFAULT_IMAGE.src,
      width: 120,
      height: 40,
      loading: "eager",
    });
  });
});
