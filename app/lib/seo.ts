import type { MetaDescriptor } from "react-router";
import * as v from "valibot";
import type { Translate } from "./i18n";
import { AssetSchema, buildImage, parseStoryblokAsset, storyblokImageUrl } from "./image";
import { DEFAULT_LANG, HREFLANG, LANGUAGES, type Lang } from "./languages";
import { perKey, perObject } from "./per-object";

/**
 * The optional `seo` field of a page blok. `og_image` is an asset field; a plain URL string
 * (what Storyblok's SEO meta-tags app stores) is accepted too.
 */
export const SeoFieldsSchema = v.looseObject({
  title: v.nullish(v.string()),
  description: v.nullish(v.string()),
  og_image: v.nullish(v.union([AssetSchema, v.string()])),
});
export type SeoFields = v.InferOutput<typeof SeoFieldsSchema>;

/** Open Graph locales (`language_TERRITORY`); Valencian pages are published as Catalan. */
export const OG_LOCALE: Record<Lang, string> = { es: "es_ES", en: "en_US", val: "ca_ES" };

/** The size social networks show a large card at. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Shared when a page has no image of its own. */
export const DEFAULT_OG_IMAGE = "/images/og/arena-1200x630.jpg";

/** Everything the head of a content page says to search engines and social networks. */
export interface PageSeo {
  title: string;
  description: string;
  canonical: string;
  /** One per language plus `x-default` (the Spanish page). */
  alternates: { hreflang: string; href: string }[];
  siteName: string;
  locale: string;
  localeAlternates: string[];
  image: { url: string; width: number; height: number; alt: string };
}

/** A page's path in one language tree, always with the trailing slash the site uses. */
export function pagePath(lang: Lang, slug: string): string {
  const bare = slug.replace(/^\/+|\/+$/g, "");
  return bare === "" ? `/${lang}/` : `/${lang}/${bare}/`;
}

function text(value: string | null | undefined): string {
  return value?.replace(/\s+/g, " ").trim() ?? "";
}

function socialImage(field: SeoFields["og_image"], origin: string, fallbackAlt: string): PageSeo["image"] {
  const source = typeof field === "string" ? field : field?.filename;
  const alt = (typeof field === "string" ? "" : text(field?.alt)) || fallbackAlt;
  // A focal point in another shape is dropped here: CMS data must never make the page fail.
  const focus = typeof field === "string" ? undefined : field?.focus?.match(/^\d+x\d+:\d+x\d+$/)?.[0];
  // Image URLs of pages seen before are not built again on every request.
  const image = socialImages(`${origin}\n${source ?? ""}\n${focus ?? ""}`, () => socialImageOf(source, focus, origin));
  return { ...image, alt };
}

const socialImages = perKey<Omit<PageSeo["image"], "alt">>(2_000);

function socialImageOf(source: string | null | undefined, focus: string | undefined, origin: string) {
  if (source && parseStoryblokAsset(source) && !/\.svg$/i.test(source)) {
    // Crawlers do not negotiate formats, so ask for a JPEG they all read.
    return { url: storyblokImageUrl(source, OG_IMAGE_SIZE, { format: "jpeg", focus }), ...OG_IMAGE_SIZE };
  }
  const local = source && !/\.svg$/i.test(source) ? buildImage(source) : null;
  if (local && local.src.startsWith("/images/") && !local.src.endsWith(".svg")) {
    return { url: `${origin}${local.src}`, width: local.width, height: local.height };
  }
  return { url: `${origin}${DEFAULT_OG_IMAGE}`, ...OG_IMAGE_SIZE };
}

/**
 * A story's seo field checked once while the story lives (content is kept per content version).
 * Pure, so a browser module importing only `SeoFieldsSchema` does not keep valibot alive.
 */
const parseSeoFields = /* @__PURE__ */ perObject((fields: object) => v.safeParse(SeoFieldsSchema, fields));

/**
 * The head of a content page, computed once on the server: title and description from the
 * story's `seo` field (falling back to the page title, and to the page's opening text or else the
 * site's description), the canonical
 * URL on the public origin, alternates for the three languages plus `x-default`, and the social
 * image as an absolute URL. `query` (e.g. an event list's `?page=2`) is part of the page's
 * identity: canonical and alternates keep it, so page 2 never claims to be page 1.
 */
export function pageSeo(input: {
  origin: string;
  lang: Lang;
  slug: string;
  pageTitle: string;
  fields: unknown;
  t: Translate;
  query?: string;
  /** The description when the seo field has none (a page's opening text), before the site's. */
  fallbackDescription?: string | null;
}): PageSeo {
  const { lang, slug, pageTitle, t } = input;
  const query = input.query ?? "";
  const origin = input.origin.replace(/\/+$/, "");
  const raw = input.fields ?? {};
  const parsed = typeof raw === "object" ? parseSeoFields(raw) : v.safeParse(SeoFieldsSchema, raw);
  if (!parsed.success) console.warn(`Invalid seo field on /${lang}/${slug} ignored: ${v.summarize(parsed.issues)}`);
  const fields = parsed.success ? parsed.output : {};
  const title = text(fields.title) || siteTitle(t, pageTitle);
  const description = text(fields.description) || input.fallbackDescription || t("SEO.DEFAULT_DESCRIPTION");
  const alternates = LANGUAGES.map((other) => ({
    hreflang: HREFLANG[other],
    href: `${origin}${pagePath(other, slug)}${query}`,
  }));
  alternates.push({ hreflang: "x-default", href: `${origin}${pagePath(DEFAULT_LANG, slug)}${query}` });
  return {
    title,
    description,
    canonical: `${origin}${pagePath(lang, slug)}${query}`,
    alternates,
    siteName: t("SITE.NAME"),
    locale: OG_LOCALE[lang],
    localeAlternates: LANGUAGES.filter((other) => other !== lang).map((other) => OG_LOCALE[other]),
    image: socialImage(fields.og_image, origin, title),
  };
}

/**
 * The `meta` descriptors for a page: title, description, canonical, alternates, Open Graph,
 * Twitter; plus `robots: noindex` when the page must stay out of search engines (a preview).
 */
export function seoMeta(seo: PageSeo, options: { noindex?: boolean } = {}): MetaDescriptor[] {
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map(({ hreflang, href }) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: hreflang,
      href,
    })),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:locale", content: seo.locale },
    ...seo.localeAlternates.map((locale) => ({ property: "og:locale:alternate", content: locale })),
    { property: "og:image", content: seo.image.url },
    { property: "og:image:width", content: String(seo.image.width) },
    { property: "og:image:height", content: String(seo.image.height) },
    { property: "og:image:alt", content: seo.image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: seo.image.url },
    { name: "twitter:image:alt", content: seo.image.alt },
  ];
}

/** A page's title as the browser tab and search results show it: "Cookie settings | Arena Valencia". */
export function siteTitle(t: Translate, pageTitle: string): string {
  return t("SEO.TITLE", { title: pageTitle, site: t("SITE.NAME") });
}

/**
 * The head of a screen outside the content tree (sign-in, registration, password reset): its
 * title and description, canonical URL and hreflang alternates like any page, and `noindex`
 * (a form to fill in is nothing to find in a search engine).
 */
export function screenMeta(input: {
  origin: string;
  lang: Lang;
  /** The screen's path inside the language tree (`login`). */
  slug: string;
  title: string;
  description: string;
  t: Translate;
}): MetaDescriptor[] {
  const { origin, lang, slug, title, description, t } = input;
  return seoMeta(pageSeo({ origin, lang, slug, pageTitle: title, fields: { description }, t }), { noindex: true });
}
