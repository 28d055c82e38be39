import { ContentImage } from "#app/components/content-image.tsx";
import type { Asset } from "#app/lib/image.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";

/**
 * A restaurant's photos: a plain grid of lazy, sized images (nothing moves, nothing needs
 * JavaScript). Each keeps its alt text; without one, "Image n of m" still says what it is.
 */
export function Gallery({ images }: { images: Asset[] }) {
  const { t } = useI18n();
  const shown = images.filter((image) => image.filename);
  if (shown.length === 0) return null;
  return (
    <ul className="venue-gallery">
      {shown.map((image, index) => (
        <li key={`${image.filename}-${index}`}>
          <figure>
            <ContentImage
              src={image.filename}
              alt={image.alt || t("VENUE.RESTAURANTS.IMAGE", { n: index + 1, total: shown.length })}
              width={480}
              sizes="(min-width: 48rem) 33vw, 100vw"
            />
            {image.title ? <figcaption>{image.title}</figcaption> : null}
          </figure>
        </li>
      ))}
    </ul>
  );
}
