import type { MessageNamespace } from "#app/lib/i18n.ts";
import { ownValue } from "#app/lib/own-keys.ts";
import { blokRegistry, type BlokRegistry } from "./registry.server";
import { kindsInStory } from "./story-kinds";

/** What a preview adds: the problem markers and the bridge's label (bloks/render.tsx). */
const PREVIEW: readonly MessageNamespace[] = ["BLOKS", "CONTENT.PREVIEW_LABEL"];

/**
 * The messages of a story's blocks, as each kind declares them (its `definition`,
 * bloks/definition.ts): a content page is sent those of the blocks its story holds
 * (docs/blocks.md). A preview gets every block's, because the editor may add any block while
 * the page is open (and previews are never cached).
 */
export function storyMessages(
  story: unknown,
  preview: boolean,
  registry: BlokRegistry = blokRegistry,
): MessageNamespace[] {
  const kinds = preview ? Object.keys(registry) : kindsInStory(story);
  const namespaces = [...kinds].flatMap((kind) => ownValue(registry, kind)?.messages ?? []);
  return preview ? [...namespaces, ...PREVIEW] : namespaces;
}
