import type { ResponsiveImage } from "~/lib/image";

/**
 * An `<img>` for an image already built by `buildImage` (in the browser or on the server):
 * width and height reserve its space, `srcset` serves the right size, and an eager image is
 * also fetched first. Kept apart from the builder so server-built images ship no builder code.
 */
export function ResponsiveImg({
  image,
  alt,
  title,
  className,
}: {
  image: ResponsiveImage;
  alt: string;
  title?: string;
  className?: string;
}) {
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
      alt={alt}
      title={title || undefined}
      className={className}
    />
  );
}
