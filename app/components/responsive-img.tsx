import { placeholderOf } from "~/lib/deferred-images";
import type { ResponsiveImage } from "~/lib/image";

interface ResponsiveImgProps {
  image: ResponsiveImage;
  alt: string;
  title?: string;
  className?: string;
}

/**
 * An `<img>` for an image already built by `buildImage` (in the browser or on the server):
 * width and height reserve its space, `srcset` serves the right size, and an eager image is
 * also fetched first. Kept apart from the builder so server-built images ship no builder code.
 *
 * A lazy image is sent with an empty picture of its shape and its files in `data-` attributes,
 * which it gets when it nears the screen (app/lib/deferred-images.ts); a `<noscript>` copy shows
 * it without scripts. A new image is a new element (the key), so a re-rendered card never keeps
 * the previous picture.
 */
export function ResponsiveImg(props: ResponsiveImgProps) {
  if (props.image.loading === "eager") return <Img {...props} />;
  return (
    <>
      <Img key={props.image.src} {...props} waiting />
      <noscript>
        <Img {...props} />
      </noscript>
    </>
  );
}

function Img({ image, alt, title, className, waiting = false }: ResponsiveImgProps & { waiting?: boolean }) {
  const sizes = image.srcSet ? image.sizes : undefined;
  const files = waiting
    ? {
        src: placeholderOf(image.width, image.height),
        "data-src": image.src,
        "data-srcset": image.srcSet,
        "data-sizes": sizes,
      }
    : { src: image.src, srcSet: image.srcSet, sizes };
  return (
    <img
      {...files}
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
