import type { ResponsiveImage } from "#app/lib/image.ts";

export interface ImgProps {
  image: ResponsiveImage;
  alt: string;
  title?: string;
  className?: string;
}

/**
 * An `<img>` sent with its files, as is: width and height reserve its space, `srcset` serves the
 * right size, and a lead image (`loading: "eager"`) is fetched first. A page whose first screen
 * shows only its lead image (the event page) uses this alone, so its first load carries no code
 * for lazy images (./responsive-img.tsx); it is also the `<noscript>` copy of a lazy image.
 */
export function PlainImg({ image, alt, title, className }: ImgProps) {
  const eager = image.loading === "eager";
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? image.sizes : undefined}
      width={image.width}
      height={image.height}
      loading={image.loading}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      alt={alt}
      title={title || undefined}
      className={className}
    />
  );
}
