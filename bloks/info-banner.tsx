import * as v from "valibot";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { LinkSchema, resolveLink } from "#app/lib/rich-text/links.ts";
import { ContentLink } from "./shared/content-link";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { BlokDefinition } from "./definition";

export const infoBannerSchema = v.looseObject({
  component: v.literal("info_banner"),
  _uid: v.string(),
  title: v.pipe(v.string(), v.minLength(1)),
  text: v.optional(v.string()),
  link: v.optional(LinkSchema),
  link_label: v.optional(v.string()),
  /** `notice` for practical information, `alert` for changes visitors must know about. */
  tone: v.optional(v.picklist(["notice", "alert"]), "notice"),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = { schema: infoBannerSchema, messages: ["PAGES.MORE"], styles: [] } satisfies BlokDefinition;
export { InfoBanner as default };

/** A highlighted notice (opening times, access changes…) with an optional call to action. */
export function InfoBanner({ blok }: { blok: v.InferOutput<typeof infoBannerSchema> }) {
  const { lang, t } = useI18n();
  const link = blok.link ? resolveLink(blok.link, lang) : null;
  const titleId = `banner-${blok._uid}`;
  return (
    <section className={`blok-info-banner blok-info-banner--${blok.tone}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="blok-info-banner__title">
        {blok.title}
      </h2>
      {blok.text ? <p>{blok.text}</p> : null}
      {link ? (
        <ContentLink link={link} className={buttonClass({}, "blok-info-banner__action")}>
          {blok.link_label || t("PAGES.MORE")}
        </ContentLink>
      ) : null}
    </section>
  );
}
