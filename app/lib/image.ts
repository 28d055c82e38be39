import * as v from "valibot";
import { IMAGE_PROTOCOLS, safeUrl } from "./rich-text/safe-url";
import { ImageOptionError, parseImageOptions, type ImageOptions, type ImageRequest } from "./image-options";
import { perKey } from "./per-object";

export { ImageOptionError, parseImageOptions, type ImageOptions, type ImageRequest } from "./image-options";

/** The black logo shown wherever an image is missing (SPEC section 9). */
export const DEFAULT_IMAGE = { src: "/images/default-logo.svg", width: 240, height: 80 } as const;

/** Service defaults from SPEC section 9: quality 70 and no format filter, so the service negotiates WebP. */
export const DEFAULT_QUALITY = 70;

/** Widths offered in `srcset`; never wider than the original, so the service is never asked to upscale. */
export const SRCSET_WIDTHS: readonly number[] = [320, 480, 640, 960, 1280, 1600, 1920, 2560];

/** Everything an `<img>` needs: `width` and `height` always, so the browser reserves the space. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  loading: "lazy" | "eager";
}

/** The width served when the caller asks for none: wide enough for the page column at 2x. */
const DEFAULT_DISPLAY_WIDTH = 1280;

/** The `sizes` of an image as wide as the page column (72rem at most). */
export const COLUMN_SIZES = "(min-width: 72rem) 72rem, 100vw";

const STORYBLOK_ASSET =
  /^(?:https?:)?\/\/(a(?:-[a-z]{2})?\.storyblok\.com|a\.storyblokchina\.cn)(\/f\/\d+\/(\d+)x(\d+)\/[^/?#]+\/[^/?#]+?)(?:\/m\/.*)?$/i;
/** Local images carry their size in the name, like Storyblok's paths: `/images/arena-1200x630.jpg`. */
const LOCAL_IMAGE = /^\/images\/[^?#]*?(?:-(\d+)x(\d+))?\.[a-z0-9]+$/i;

interface StoryblokAsset {
  base: string;
  width: number;
  height: number;
}

/** Parses a Storyblok asset URL (any region); null for anything else. */
export function parseStoryblokAsset(url: string): StoryblokAsset | null {
  const match = STORYBLOK_ASSET.exec(url);
  if (!match) return null;
  const [, host = "", path = "", width = "0", height = "0"] = match;
  return { base: `https://${host.toLowerCase()}${path}`, width: Number(width), height: Number(height) };
}

function isSvg(url: string): boolean {
  return /\.svg(?:[?#]|$)/i.test(url);
}

/** The service's filter segment; quality is always set (default 70), format only when asked for. */
function filterSegment(options: ImageOptions, cropped: boolean): string {
  const filters = [`quality(${options.quality ?? DEFAULT_QUALITY})`];
  if (options.format) filters.push(`format(${options.format})`);
  if (options.blur !== undefined) filters.push(`blur(${options.blur})`);
  if (options.brightness !== undefined) filters.push(`brightness(${options.brightness})`);
  if (options.rotate) filters.push(`rotate(${options.rotate})`);
  if (cropped && options.focus) filters.push(`focal(${options.focus})`);
  return `filters:${filters.join(":")}`;
}

/**
 * The one builder of Storyblok image-service URLs: `<asset>/m/<W>x<H>/filters:…`.
 * A height of 0 keeps the aspect ratio. Throws {@link ImageOptionError} on a broken limit.
 */
export function storyblokImageUrl(asset: string, size: { width: number; height: number }, request?: ImageRequest) {
  const options = parseImageOptions(request);
  const parsed = parseStoryblokAsset(asset);
  if (!parsed) throw new ImageOptionError(`Not a Storyblok asset URL: ${asset}`);
  const cropped = size.height > 0;
  return `${parsed.base}/m/${size.width}x${size.height}/${filterSegment(options, cropped)}`;
}

/** The displayed size: the asked-for box, or the original scaled to fit the asked-for side. */
function displaySize(original: { width: number; height: number }, options: ImageOptions) {
  const ratio = original.height / original.width;
  if (options.width && options.height) return { width: options.width, height: options.height, cropped: true };
  if (options.width) return { width: options.width, height: Math.round(options.width * ratio), cropped: false };
  if (options.height) return { width: Math.round(options.height / ratio), height: options.height, cropped: false };
  const width = Math.min(original.width, DEFAULT_DISPLAY_WIDTH);
  return { width, height: Math.round(width * ratio), cropped: false };
}

function fromStoryblok(asset: StoryblokAsset, options: ImageOptions, loading: "lazy" | "eager"): ResponsiveImage {
  const size = displaySize(asset, options);
  const heightFor = (width: number) => (size.cropped ? Math.round((width * size.height) / size.width) : 0);
  const urlFor = (width: number) =>
    `${asset.base}/m/${width}x${heightFor(width)}/${filterSegment(options, size.cropped)}`;
  // Candidates up to twice the displayed width (sharp on 2x screens), never past the original.
  const limit = Math.min(asset.width, size.width * 2);
  const widths = [...new Set([...SRCSET_WIDTHS.filter((w) => w <= limit), Math.min(size.width, asset.width), limit])];
  widths.sort((a, b) => a - b);
  return {
    src: urlFor(Math.min(size.width, asset.width)),
    srcSet: widths.map((w) => `${urlFor(w)} ${w}w`).join(", "),
    sizes:
      options.sizes ?? (options.width ? `(min-width: ${options.width}px) ${options.width}px, 100vw` : COLUMN_SIZES),
    width: size.width,
    height: size.height,
    loading,
  };
}

/** An image served as it is (an SVG, a local file): the size from its name, or from the options. */
function asIs(
  src: string,
  known: { width: number; height: number } | null,
  options: ImageOptions,
  loading: "lazy" | "eager",
) {
  const original = known && known.width > 0 && known.height > 0 ? known : null;
  const size = original
    ? displaySize(original, options)
    : options.width && options.height
      ? { width: options.width, height: options.height }
      : null;
  if (!size) return null;
  return { src, width: size.width, height: size.height, loading } satisfies ResponsiveImage;
}

/**
 * A local WebP with its size in its name (`/images/events/x-1600x900.webp`) is a *responsive set*:
 * the same picture is published at every width of {@link SRCSET_WIDTHS} up to its own
 * (`x-640x360.webp`, …; `scripts/event-artwork.mjs` renders them, a content test checks they
 * exist), so the browser picks the right size as it would from the image service.
 */
const LOCAL_RESPONSIVE_SET = /^(\/images\/[^?#]*?)-(\d+)x(\d+)\.webp$/i;

/** The file of a responsive set at one width (the height keeps the original's ratio). */
export function localVariant(src: string, width: number): string | null {
  const match = LOCAL_RESPONSIVE_SET.exec(src);
  if (!match) return null;
  const [, stem, w, h] = match;
  return `${stem}-${width}x${Math.round((width * Number(h)) / Number(w))}.webp`;
}

/** The widths a responsive set is published at: those of {@link SRCSET_WIDTHS} up to the original, and the original. */
export function localVariantWidths(originalWidth: number): number[] {
  return [...new Set([...SRCSET_WIDTHS.filter((w) => w <= originalWidth), originalWidth])].sort((a, b) => a - b);
}

function fromLocalSet(
  src: string,
  original: { width: number; height: number },
  options: ImageOptions,
  loading: "lazy" | "eager",
) {
  const size = displaySize(original, options);
  const published = localVariantWidths(original.width);
  // Candidates up to twice the displayed width (sharp on 2x screens); the smallest file at least
  // as wide as the box is the fallback `src`.
  const limit = Math.min(original.width, size.width * 2);
  const candidates = published.filter((w) => w <= limit);
  if (!candidates.includes(limit)) candidates.push(published.find((w) => w >= limit) ?? original.width);
  const fallback = published.find((w) => w >= size.width) ?? original.width;
  return {
    src: localVariant(src, fallback) ?? src,
    srcSet: candidates.map((w) => `${localVariant(src, w)} ${w}w`).join(", "),
    sizes:
      options.sizes ?? (options.width ? `(min-width: ${options.width}px) ${options.width}px, 100vw` : COLUMN_SIZES),
    width: size.width,
    height: size.height,
    loading,
  } satisfies ResponsiveImage;
}

function defaultImage(options: ImageOptions, loading: "lazy" | "eager"): ResponsiveImage {
  const size = displaySize(DEFAULT_IMAGE, options);
  return { src: DEFAULT_IMAGE.src, width: size.width, height: size.height, loading };
}

/**
 * Everything an `<img>` needs for one content image:
 * - a Storyblok asset goes through the image service with a responsive `srcset`;
 * - an SVG is left untouched (the service cannot improve it);
 * - a local WebP named with its size is a responsive set with a `srcset` (see `localVariant`);
 * - any other local `/images/…` file (embedded content) is served as it is;
 * - a missing or unsafe source, another host, or a local file whose size cannot be known falls
 *   back to the default logo.
 * Throws {@link ImageOptionError} when an option breaks a limit.
 */
function imageFor(src: string | null | undefined, request?: ImageRequest): ResponsiveImage {
  const options = parseImageOptions(request);
  const loading = options.loading ?? "lazy";
  const url = safeUrl(src, IMAGE_PROTOCOLS);
  if (!url) return defaultImage(options, loading);
  const asset = parseStoryblokAsset(url);
  if (asset && isSvg(url)) return asIs(asset.base, asset, options, loading) ?? defaultImage(options, loading);
  // Without a size in its path the service cannot be asked for proportional widths.
  if (asset && (asset.width === 0 || asset.height === 0))
    return asIs(asset.base, null, options, loading) ?? defaultImage(options, loading);
  if (asset) return fromStoryblok(asset, options, loading);
  const local = LOCAL_IMAGE.exec(url);
  if (local) {
    const known = local[1] && local[2] ? { width: Number(local[1]), height: Number(local[2]) } : null;
    if (known && LOCAL_RESPONSIVE_SET.test(url)) return fromLocalSet(url, known, options, loading);
    return (
      asIs(url, url === DEFAULT_IMAGE.src ? DEFAULT_IMAGE : known, options, loading) ?? defaultImage(options, loading)
    );
  }
  // Other hosts are not allowed by the Content Security Policy's img-src, so they would never load.
  return defaultImage(options, loading);
}

/**
 * Images already built, by source and request: content images repeat on every request. Pure:
 * the browser renders each image once, so only the server keeps them and its build drops this.
 */
const built = /* @__PURE__ */ perKey<ResponsiveImage>(2000);

/**
 * What an `<img>` needs for `src` at the size asked for (see `imageFor`), built once per source
 * and request: the result is shared and must not be changed.
 */
export function buildImage(src: string | null | undefined, request?: ImageRequest): ResponsiveImage {
  if (!import.meta.env.SSR) return imageFor(src, request);
  return built(`${src ?? ""}\n${request ? JSON.stringify(request) : ""}`, () => imageFor(src, request));
}

/** A Storyblok asset field (image, og_image, …); every part may be missing in CMS data. */
export const AssetSchema = v.looseObject({
  filename: v.nullish(v.string()),
  alt: v.nullish(v.string()),
  title: v.nullish(v.string()),
  focus: v.nullish(v.string()),
});
export type Asset = v.InferOutput<typeof AssetSchema>;
