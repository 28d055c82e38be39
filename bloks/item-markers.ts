// Only the blocks that nest items load this; the markers' own code comes with the preview's
// (./shared/editor-markers.tsx).
import { useBlokContext } from "./context";
import type { EditableAttributes } from "./editable";

const noMarker = (): null => null;

/**
 * Click-to-edit for the items a block nests (cards, job offers, menu links, sponsors, FAQ items,
 * grid columns): spread the result on the item's own element. In a preview it gives the item's
 * marker, so a click opens that item in the editor rather than its block; elsewhere nothing.
 */
export function useItemMarkers(): (item: Record<string, unknown>) => EditableAttributes | null {
  return useBlokContext().marker ?? noMarker;
}
