// Apart from ./editable, which every page loads with the block renderer: only the blocks that
// nest items load this.
import { useBlokContext } from "./context";
import { editableAttributes, type EditableAttributes } from "./editable";

const noMarker = (): null => null;

/**
 * Click-to-edit for the items a block nests (cards, job offers, menu links, sponsors, FAQ items,
 * grid columns): spread the result on the item's own element. In a preview it gives the item's
 * marker, so a click opens that item in the editor rather than its block; elsewhere nothing.
 */
export function useItemMarkers(): (item: Record<string, unknown>) => EditableAttributes | null {
  return useBlokContext().preview ? editableAttributes : noMarker;
}
