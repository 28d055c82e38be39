import * as v from "valibot";
import type { Blok } from "../app/lib/content-types";
import { useI18n } from "../app/lib/i18n-context";
import { useBlokContext } from "./context";
import { registry } from "./index";

/** What editors see in the Visual Editor instead of a block that cannot be rendered. */
function BlokProblem({ message }: { message: string }) {
  return (
    <div className="blok-problem" role="note">
      {message}
    </div>
  );
}

/**
 * Renders one block through the registry. An unknown or invalid block is logged and skipped,
 * so one bad entry in the CMS never takes the page down; in a preview, editors see a visible
 * placeholder naming the problem instead.
 */
export function BlokView({ blok }: { blok: Blok }) {
  const { preview } = useBlokContext();
  const { t } = useI18n();
  const definition = registry[blok.component];
  if (!definition) {
    console.warn(`Unknown block "${blok.component}" (${blok._uid}) skipped`);
    return preview ? <BlokProblem message={t("BLOKS.UNKNOWN", { name: blok.component })} /> : null;
  }
  const parsed = v.safeParse(definition.schema, blok);
  if (!parsed.success) {
    const issues = v.summarize(parsed.issues);
    console.warn(`Invalid block "${blok.component}" (${blok._uid}) skipped: ${issues}`);
    return preview ? <BlokProblem message={t("BLOKS.INVALID", { name: blok.component, issues })} /> : null;
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
