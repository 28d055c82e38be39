import type { ComponentProps } from "react";
import { onDemand } from "#app/lib/on-demand.tsx";
import type { LiveEvent as Event, LiveShell as Shell } from "./live-preview";

// The editor's live previews (./live-preview.tsx): only a verified preview renders them, so only
// previews load their code. Declared together so every page's first load carries the way to that
// code once, in the layout's chunk, and not again in each route's.
const load = () => import("./live-preview");

/** The header and footer as the editor types the configuration story. */
export const LiveShell = onDemand<ComponentProps<typeof Shell>>("LiveShell", async () => (await load()).LiveShell);

/** An event page as the editor types its story. */
export const LiveEvent = onDemand<ComponentProps<typeof Event>>("LiveEvent", async () => (await load()).LiveEvent);
