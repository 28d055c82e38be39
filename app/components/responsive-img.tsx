import { placeholderOf } from "#app/lib/deferred-images.ts";
import { PlainImg, type ImgProps } from "./plain-img";

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
export function ResponsiveImg(props: ImgProps) {
  const { image, alt, title, className } = props;
  if (image.loading === "eager") return <PlainImg {...props} />;
  return (
    <>
      <img
        key={image.src}
        src={placeholderOf(image.width, image.height)}
        data-src={image.src}
        data-srcset={image.srcSet}
        data-sizes={image.srcSet ? image.sizes : undefined}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        alt={alt}
        title={title || undefined}
        className={className}
      />
      {/* Browsers read a <noscript>'s content only without scripts: the copy is the server's alone. */}
      <noscript>{import.meta.env.SSR && <PlainImg {...props} />}</noscript>
    </>
  );
}
