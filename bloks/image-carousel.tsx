import * as v from "valibot";
import { ContentImage } from "#app/components/content-image.tsx";
import { AssetSchema } from "#app/lib/image.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { Carousel } from "./shared/carousel";
import type { BlokDefinition } from "./definition";

export const imageCarouselSchema = v.looseObject({
  component: v.literal("image_carousel"),
  _uid: v.string(),
  title: v.optional(v.string()),
  /** A Storyblok multi-asset field; images without a file are left out. */
  images: v.optional(v.array(AssetSchema), []),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: imageCarouselSchema,
  messages: ["PAGES.PREVIOUS", "PAGES.NEXT", "PAGES.CAROUSEL_HINT", "PAGES.SLIDE", "EMPTY.IMAGES"],
  styles: [],
} satisfies BlokDefinition;
export { ImageCarousel as default };

/** A gallery of captioned images in a keyboard-operable carousel; the images empty state otherwise. */
export function ImageCarousel({ blok }: { blok: v.InferOutput<typeof imageCarouselSchema> }) {
  const { t } = useI18n();
  const images = blok.images.filter((image) => image.filename);
  const titleId = `gallery-${blok._uid}`;
  return (
    <section className="blok-image-carousel" aria-labelledby={blok.title ? titleId : undefined}>
      {blok.title ? <h2 id={titleId}>{blok.title}</h2> : null}
      {images.length === 0 ? (
        <p className="blok-empty">{t("EMPTY.IMAGES")}</p>
      ) : (
        <Carousel
          className="carousel--images"
          label={blok.title ?? t("PAGES.CAROUSEL_HINT")}
          slides={images.map((image, index) => (
            <figure key={`${image.filename}-${index}`} className="gallery-slide">
              <ContentImage
                src={image.filename}
                alt={image.alt ?? ""}
                width={720}
                sizes="(min-width: 50rem) 45rem, 90vw"
              />
              <figcaption>
                {image.title ? `${image.title} · ` : ""}
                {t("PAGES.SLIDE", { n: index + 1, total: images.length })}
              </figcaption>
            </figure>
          ))}
        />
      )}
    </section>
  );
}
