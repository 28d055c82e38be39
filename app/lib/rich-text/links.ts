import * as v from "valibot";
import { LANGUAGES, type Lang } from "#app/lib/languages.ts";
import { isOptionalString, isRecord } from "./attrs";
import { isExternalUrl, safeUrl } from "./safe-url";

const optionalText = v.nullish(v.string());

/**
 * A link as the content service sends it: a rich-text `link` mark's attrs
 * (`href`, `linktype`, `anchor`, `target`, `uuid`) or a multilink field
 * (`url`, `cached_url`, `email`, `story` when links are resolved).
 */
export const LinkSchema = v.looseObject({
  linktype: v.nullish(v.string()),
  href: optionalText,
  url: optionalText,
  cached_url: optionalText,
  email: optionalText,
  anchor: optionalText,
  target: optionalText,
  story: v.nullish(v.looseObject({ full_slug: optionalText, url: optionalText })),
});
export type LinkInput = v.InferOutput<typeof LinkSchema>;

/**
 * A link of which the site keeps only where it leads (a menu entry, a breadcrumb, an event's ticket
 * links): the content model offers no new tab, title, e-mail, asset or anchor for it
 * (bloks/cms-schema.ts), as the page would drop them.
 */
export const AddressLinkSchema = v.pipe(LinkSchema, v.metadata({ addressOnly: true }));

const LINK_TEXT_KEYS = ["linktype", "href", "url", "cached_url", "email", "anchor", "target"] as const;

/**
 * Accepts what {@link LinkSchema} accepts, without valibot: block schemas validated links on the server,
 * and the browser, which resolves links while rendering, need not ship valibot to read them again.
 */
export function readLink(input: unknown): LinkInput | null {
  if (!isRecord(input) || !LINK_TEXT_KEYS.every((key) => isOptionalString(input[key]))) return null;
  const { story } = input;
  const storyOk =
    story == null || (isRecord(story) && isOptionalString(story.full_slug) && isOptionalString(story.url));
  return storyOk ? (input as LinkInput) : null;
}

/** A link ready for an `<a>`: a safe href, whether it leaves the site, the editor's target and title. */
export interface ResolvedLink {
  href: string;
  external: boolean;
  target?: "_blank";
  title?: string;
}

/**
 * The custom link attributes an editor may set that reach the page: only `title`, as text (React
 * escapes it). Anything else an editor adds (`rel`, `style`, event handlers…) is dropped.
 */
function customTitle(custom: unknown): string | undefined {
  const title = isRecord(custom) && typeof custom.title === "string" ? custom.title.trim() : "";
  return title ? title.slice(0, 300) : undefined;
}

/** Language prefixes a story slug may carry: Storyblok's (`en/`, `ca/`) and the site's (`val/`). */
const SLUG_LANG_PREFIX = new RegExp(`^(?:${[...LANGUAGES, "ca"].join("|")})(?:/|$)`);

/** A story slug (`about`, `en/about`, `/ca/events/`) as this site's path in `lang`. */
export function storyPath(slug: string, lang: Lang): string {
  const bare = slug
    .trim()
    .replace(/^\/+|\/+$/g, "")
    .replace(SLUG_LANG_PREFIX, "")
    .replace(/\/+$/, "");
  return bare === "" || bare === "home" ? `/${lang}/` : `/${lang}/${bare}/`;
}

function first(...values: (string | null | undefined)[]): string {
  return values.find((value) => typeof value === "string" && value.trim() !== "")?.trim() ?? "";
}

function targetOf(link: LinkInput, lang: Lang): string {
  switch (link.linktype) {
    case "story": {
      const slug = first(link.story?.full_slug, link.cached_url, link.href, link.url);
      if (/^[\w/-]*$/.test(slug)) return slug === "" ? "" : storyPath(slug, lang);
      // A story may point at an absolute URL; anything else that is not a slug is not a link.
      return isExternalUrl(slug) ? slug : "";
    }
    case "email": {
      const address = first(link.email, link.href, link.url, link.cached_url).replace(/^mailto:/i, "");
      // Only something shaped like an address: no scheme can hide behind `mailto:`.
      return /^[^\s:/@<>"]+@[^\s:/@<>"]+$/.test(address) ? `mailto:${address}` : "";
    }
    default:
      // url, asset, and links without a type.
      return first(link.href, link.url, link.cached_url);
  }
}

/**
 * Resolves a content link for the site in `lang`: story links become this site's paths
 * (`/en/about/`), email links `mailto:`, url and asset links stay as written; an anchor is
 * appended. Returns null when there is nothing to link to or the URL is not allowed
 * (see {@link safeUrl}), so a hostile link never reaches an `href`.
 */
export function resolveLink(input: unknown, lang: Lang): ResolvedLink | null {
  const link = readLink(input);
  if (!link) return null;
  let href = targetOf(link, lang);
  const anchor = first(link.anchor).replace(/^#/, "");
  if (anchor !== "") href = `${href.split("#")[0] ?? ""}#${encodeURIComponent(anchor)}`;
  const safe = safeUrl(href);
  if (!safe) return null;
  const external = isExternalUrl(safe) || link.linktype === "asset";
  return {
    href: safe,
    external,
    target: link.target === "_blank" ? "_blank" : undefined,
    title: customTitle(link.custom),
  };
}
