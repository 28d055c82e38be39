import type { EventImageData } from "~/lib/events/listing";

/**
 * An event image whose URLs and size were worked out on the server (`eventImage`): width and
 * height reserve the space; an eager one is also fetched first.
 */
export function EventImage({ image, className }: { image: EventImageData; className?: string }) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? image.sizes : undefined}
      width={image.width}
      height={image.height}
      loading={image.loading}
      fetchPriority={image.loading === "eager" ? "high" : undefined}
      decoding="async"
      alt={image.alt}
      className={className}
    />
  );
}
