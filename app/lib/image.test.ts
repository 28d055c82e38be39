import { describe, expect, it } from "vitest";
import {
  buildImage,
  DEFAULT_IMAGE,
  ImageOptionError,
  localVariant,
  localVariantWidths,
  parseImageOptions,
  parseStoryblokAsset,
  storyblokImageUrl,
  type ImageRequest,
} from "./image";

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
    [
      { width: 0.5 },
      /width must be a whole number of pixels \(got 0\.5\); width must be at least 1 pixel \(got 0\.5\)/,
    ],
    [{ height: 10_001 }, /height must be at most 10000 pixels \(got 10001\)/],
    [{ focus: "center" }, /focus must look like/],
    [{ focus: "10x20" }, /focus must look like 10x20:30x40 \(got "10x20"\)/],
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

describe("parseImageOptions", () => {
  /** Options as they may come from CMS data, with the wrong types. */
  const loose = (options: Record<string, unknown>) => options as ImageRequest;

  it.each([
    [{ width: "12" }, 'width must be a number (got "12")'],
    [{ quality: Number.NaN }, "quality must be a number (got null)"],
    [{ rotate: "90" }, 'rotate must be 0, 90, 180 or 270 (got "90")'],
    [{ focus: 12 }, "focus must be a string (got 12)"],
    [{ sizes: 123 }, "sizes must be a string (got 123)"],
  ])("names a wrong type once: %j", (options, message) => {
    expect(() => parseImageOptions(loose(options))).toThrow(new ImageOptionError(`Invalid image options: ${message}`));
  });

  it("names the broken options in their own order, not the caller's", () => {
    expect(() => parseImageOptions({ rotate: 1, quality: 200 })).toThrow(/quality.*; rotate/);
  });

  it("drops unknown and undefined options", () => {
    expect(parseImageOptions(loose({ width: 10, loading: "eager", extra: 1, height: undefined }))).toEqual({
      width: 10,
      loading: "eager",
    });
  });

  it("names every broken rule of a number", () => {
    expect(() => parseImageOptions({ width: 0.5, brightness: Number.POSITIVE_INFINITY })).toThrow(
      new ImageOptionError(
        "Invalid image options: width must be a whole number of pixels (got 0.5); width must be at least 1 pixel (got 0.5); " +
          "brightness must be a whole number from 0 to 100 (got null); brightness must be between 0 and 100 (got null)",
      ),
    );
  });

  it("keeps every valid option as given", () => {
    const options = { width: 1, height: 10_000, quality: 0, blur: 100, brightness: 50, rotate: 90, format: "png" };
    expect(parseImageOptions({ ...options, loading: "eager", focus: "1x2:3x4", sizes: "100vw" })).toEqual({
      ...options,
      loading: "eager",
      focus: "1x2:3x4",
      sizes: "100vw",
    });
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

  it("serves a local WebP named with its size as a responsive set of published widths", () => {
    const hero = buildImage("/images/events/x-1600x900.webp", {
      width: 960,
      height: 540,
      loading: "eager",
      sizes: "100vw",
    });
    expect(hero).toEqual({
      src: "/images/events/x-960x540.webp",
      srcSet: [320, 480, 640, 960, 1280, 1600]
        .map((w) => `/images/events/x-${w}x${(w * 9) / 16}.webp ${w}w`)
        .join(", "),
      sizes: "100vw",
      width: 960,
      height: 540,
      loading: "eager",
    });
    // A card never asks for more than twice its width.
    const card = buildImage("/images/events/x-1600x900.webp", { width: 300, height: 169 });
    expect(card.src).toBe("/images/events/x-320x180.webp");
    expect(card.srcSet).toBe(
      "/images/events/x-320x180.webp 320w, /images/events/x-480x270.webp 480w, /images/events/x-640x360.webp 640w",
    );
    expect(localVariantWidths(1000)).toEqual([320, 480, 640, 960, 1000]);
    expect(localVariant("/images/og/arena-1200x630.jpg", 640)).toBeNull();
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
