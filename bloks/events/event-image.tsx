import { ResponsiveImg } from "#app/components/responsive-img.tsx";
import type { EventImageData } from "#app/lib/events/listing.ts";

/**
 * An event image whose URLs and size were worked out on the server (`eventImage`): width and
 * height reserve the space; an eager one is also fetched first.
 */
export function EventImage({ image, className }: { image: EventImageData; className?: string }) {
  return <ResponsiveImg image={image} alt={image.alt} className={className} />;
}
