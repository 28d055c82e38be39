import * as v from "valibot";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { useBlokContext } from "./context";
import { allowedEmbedUrl, embedHostOf } from "./shared/embed-allowlist";
import type { BlokDefinition } from "./definition";

export const iframeEmbedSchema = v.looseObject({
  component: v.literal("iframe_embed"),
  _uid: v.string(),
  url: v.pipe(
    v.string(),
    v.description(
      "The embed address of a YouTube (youtube-nocookie.com/embed/…), Vimeo, Google Maps or OpenStreetMap player or map; any other is not shown.",
    ),
  ),
  /** The frame's accessible name: what it shows (“Map of the arena and its surroundings”). */
  title: v.pipe(v.string(), v.minLength(1)),
  aspect_ratio: v.optional(v.picklist(["16:9", "4:3", "1:1"]), "16:9"),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: iframeEmbedSchema,
  messages: ["PAGES.EMBED_BLOCKED", "PAGES.EMBED_OPEN"],
  styles: [],
} satisfies BlokDefinition;
export { IframeEmbed as default };

/**
 * What the embedded page may use beyond its own origin. There is no `sandbox`: the players and
 * maps need both `allow-scripts` and `allow-same-origin`, a pair the HTML standard's checker
 * refuses because together they let a frame lift its own sandbox. The frame is contained by
 * its cross-origin boundary, the exact-origin allowlist (also the CSP's `frame-src`), this
 * permissions list and the referrer policy (docs/pages.md).
 */
export const EMBED_PERMISSIONS = "fullscreen; picture-in-picture";

/**
 * A video player or map from an allowlisted provider (bloks/shared/embed-allowlist.ts), titled
 * and lazy. Any other URL is not rendered: logged, and named to editors in a preview.
 */
export function IframeEmbed({ blok }: { blok: v.InferOutput<typeof iframeEmbedSchema> }) {
  const { t } = useI18n();
  const { preview } = useBlokContext();
  const src = allowedEmbedUrl(blok.url);
  if (!src) {
    const host = embedHostOf(blok.url);
    console.warn(`Embed "${blok._uid}" skipped: ${host} is not an allowed embed`);
    return preview ? (
      <div className="blok-problem" role="note">
        {t("PAGES.EMBED_BLOCKED", { host })}
      </div>
    ) : null;
  }
  return (
    <figure className={`blok-iframe-embed blok-iframe-embed--${blok.aspect_ratio.replace(":", "x")}`}>
      <iframe
        src={src}
        title={blok.title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow={EMBED_PERMISSIONS}
      />
      <figcaption>
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t("PAGES.EMBED_OPEN", { title: blok.title })}
        </a>
      </figcaption>
    </figure>
  );
}
