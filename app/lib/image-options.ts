/**
 * Image options (SPEC section 5: blur, quality and brightness 0-100, rotation in quarter turns,
 * format and loading from closed sets): what callers and the CMS may ask of an image, checked
 * with plain code so the browser needs no schema library for it.
 */

/** A bad option in the code or the CMS: its message names the option, the rule and the value. */
export class ImageOptionError extends Error {
  override name = "ImageOptionError";
}

/** Checked image options (SPEC section 5); `parseImageOptions` makes them from an {@link ImageRequest}. */
export interface ImageOptions {
  width?: number;
  height?: number;
  quality?: number;
  blur?: number;
  brightness?: number;
  rotate?: 0 | 90 | 180 | 270;
  format?: "webp" | "png" | "jpeg";
  loading?: "lazy" | "eager";
  /** A Storyblok focal point (`x1xy1:x2xy2`), used when the image is cropped. */
  focus?: string;
  sizes?: string;
}

/** One option's broken rules: a wrong type stops there, any other broken rule is named. */
type Check = (value: unknown) => string[];

function wholeNumber(name: string, min: number, max: number, [whole, low, high]: [string, string, string]): Check {
  return (value) => {
    if (typeof value !== "number" || Number.isNaN(value)) return [`${name} must be a number`];
    const broken = [!Number.isInteger(value) && whole, value < min && low, value > max && high];
    return broken.filter((problem) => typeof problem === "string");
  };
}

const pixelsCheck = (name: string) =>
  wholeNumber(name, 1, 10_000, [
    `${name} must be a whole number of pixels`,
    `${name} must be at least 1 pixel`,
    `${name} must be at most 10000 pixels`,
  ]);

const percentCheck = (name: string) => {
  const range = `${name} must be between 0 and 100`;
  return wholeNumber(name, 0, 100, [`${name} must be a whole number from 0 to 100`, range, range]);
};

const oneOf =
  (values: readonly unknown[], message: string): Check =>
  (value) =>
    values.includes(value) ? [] : [message];

const text =
  (name: string, format?: { pattern: RegExp; message: string }): Check =>
  (value) => {
    if (typeof value !== "string") return [`${name} must be a string`];
    return format && !format.pattern.test(value) ? [format.message] : [];
  };

/**
 * The limits of every image option, as plain checks: the browser builds images too, and these keep
 * valibot out of its bundle.
 */
const OPTION_CHECKS: Record<keyof ImageOptions, Check> = {
  width: pixelsCheck("width"),
  height: pixelsCheck("height"),
  quality: percentCheck("quality"),
  blur: percentCheck("blur"),
  brightness: percentCheck("brightness"),
  rotate: oneOf([0, 90, 180, 270], "rotate must be 0, 90, 180 or 270"),
  format: oneOf(["webp", "png", "jpeg"], "format must be webp, png or jpeg"),
  loading: oneOf(["lazy", "eager"], "loading must be lazy or eager"),
  focus: text("focus", { pattern: /^\d+x\d+:\d+x\d+$/, message: "focus must look like 10x20:30x40" }),
  sizes: text("sizes"),
};

/**
 * What callers may pass: plain numbers and strings, because options often come from CMS
 * fields. They are checked against the limits of `OPTION_CHECKS` before anything is built.
 */
export interface ImageRequest {
  width?: number;
  height?: number;
  quality?: number;
  blur?: number;
  brightness?: number;
  rotate?: number;
  format?: string;
  loading?: string;
  focus?: string;
  sizes?: string;
}

/** Checks the options and drops unknown ones; throws an {@link ImageOptionError} naming every broken limit. */
export function parseImageOptions(request: ImageRequest = {}): ImageOptions {
  const defined = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
  const options: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, check] of Object.entries(OPTION_CHECKS)) {
    if (!Object.hasOwn(defined, name)) continue;
    const value: unknown = defined[name];
    problems.push(...check(value).map((problem) => `${problem} (got ${JSON.stringify(value)})`));
    options[name] = value;
  }
  if (problems.length > 0) throw new ImageOptionError(`Invalid image options: ${problems.join("; ")}`);
  return options as ImageOptions;
}
