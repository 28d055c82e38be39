import type { ComponentType } from "react";
import type * as v from "valibot";
import { Page, pageSchema } from "./page";
import { Text, textSchema } from "./text";

/** One registry entry: the block's schema and the component that renders what it parsed. */
export interface BlokDefinition<S extends v.GenericSchema = v.GenericSchema> {
  schema: S;
  Component: ComponentType<{ blok: v.InferOutput<S> }>;
}

function define<S extends v.GenericSchema>(
  schema: S,
  Component: ComponentType<{ blok: v.InferOutput<S> }>,
): BlokDefinition {
  return { schema, Component } as unknown as BlokDefinition;
}

/** Every block kind the CMS may send, by its component name. */
export const registry: Record<string, BlokDefinition> = {
  page: define(pageSchema, Page),
  text: define(textSchema, Text),
};
