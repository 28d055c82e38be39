import type { ComponentType } from "react";
import type * as v from "valibot";
import type { FormKind } from "#app/lib/forms/schemas.ts";
import type { MessageNamespace } from "#app/lib/i18n.ts";
import type { StylePart } from "#app/lib/page-styles.server.ts";

/**
 * What a block kind's module declares beside its component (`export const definition = { … } satisfies
 * BlokDefinition`): all of it is read on the server only, and the browser's chunk of the block
 * leaves it out (bloks/loaders.ts takes the default export alone).
 */
export interface BlokDefinition<S extends v.GenericSchema = v.GenericSchema> {
  /** What the CMS must send: invalid blocks are logged and skipped (bloks/validate.server.ts). */
  schema: S;
  /**
   * The messages the block shows in the browser (bloks/messages.server.ts): keys, groups, or a
   * shared set of them (a set such as an event card's stays a plain list, which the browser's
   * chunk drops with the rest); `[]` when it shows none.
   */
  messages: readonly (MessageNamespace | readonly MessageNamespace[])[];
  /** The form it holds, if any: that form's own messages are sent too (`formMessages`, app/lib/messages.server.ts). */
  form?: FormKind;
  /** The stylesheet parts it needs beyond the shell's; `[]` when the shell's are enough. */
  styles: readonly StylePart[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each block takes its own parsed props
export type BlokComponent = ComponentType<{ blok: any }>;

/** A block kind's module (bloks/manifest.ts). */
export interface BlokModule {
  default: BlokComponent;
  definition: BlokDefinition;
}

/** One registered kind: its schema, every message it shows (its form's included), its parts and its component. */
export interface RegisteredBlok {
  schema: v.GenericSchema;
  messages: readonly MessageNamespace[];
  styles: readonly StylePart[];
  Component: BlokComponent;
}
