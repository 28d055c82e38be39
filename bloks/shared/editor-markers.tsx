import { useMemo, type ReactNode } from "react";
import { BlokContextProvider, useBlokContext } from "#bloks/context.tsx";
import { editableAttributes } from "#bloks/editable.ts";

/**
 * Click-to-edit in Storyblok's Visual Editor for every block, and every item a block nests,
 * rendered inside: each carries its marker. Only a verified preview's own code renders this
 * (app/components/storyblok-bridge.tsx, app/components/live-preview.tsx), so no public page or
 * script carries the markers' code.
 */
export function WithEditorMarkers({ children }: { children: ReactNode }) {
  const context = useBlokContext();
  const value = useMemo(() => ({ ...context, marker: editableAttributes }), [context]);
  return <BlokContextProvider value={value}>{children}</BlokContextProvider>;
}
