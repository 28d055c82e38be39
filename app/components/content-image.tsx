import { buildImage, type ImageRequest } from "#app/lib/image.ts";
import { ResponsiveImg } from "./responsive-img";

export interface ContentImageProps extends ImageRequest {
  /** A Storyblok asset URL, a local `/images/…` path, or nothing (the default logo is shown). */
  src: string | null | undefined;
  /** The text alternative; an empty string marks the image as decorative. */
  alt: string;
  title?: string;
  className?: string;
}

/**
 * A content image: image-service URLs with a responsive `srcset`, `width` and `height` so the
 * page does not shift while it loads, lazy unless `loading="eager"` (then also fetched first).
 * Throws `ImageOptionError` when an option breaks the image limits.
 */
export function ContentImage({ src, alt, title, className, ...request }: ContentImageProps) {
  return <ResponsiveImg image={buildImage(src, request)} alt={alt} title={title} className={className} />;
}
