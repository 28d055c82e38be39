import * as v from "valibot";
import type { Blok } from "../app/lib/content-types";
import { registry } from "./index";

/**
 * Renders one block through the registry. An unknown or invalid block is logged and skipped,
 * so one bad entry in the CMS never takes the page down.
 */
export function BlokView({ blok }: { blok: Blok }) {
  const definition = registry[blok.component];
  if (!definition) {
    console.warn(`Unknown block "${blok.component}" (${blok._uid}) skipped`);
    return null;
  }
  const parsed = v.safeParse(definition.schema, blok);
  if (!parsed.success) {
    console.warn(`Invalid block "${blok.component}" (${blok._uid}) skipped: ${v.summarize(parsed.issues)}`);
    return null;
  }
  const { Component } = definition;
  return <Component blok={parsed.output} />;
}

export function Bloks({ bloks }: { bloks: Blok[] }) {
  return (
    <>
      {bloks.map((blok) => (
        <BlokView key={blok._uid} blok={blok} />
      ))}
    </>
  );
}
