import type { ReactNode } from "react";
import * as v from "valibot";
import { BlokView } from "../../../bloks/render";
import { ContentImage } from "../../components/content-image";
import { BlokSchema } from "../content-types";
import { COLUMN_SIZES } from "../image";
import type { RichTextNode } from "./schema";

const ImageAttrsSchema = v.looseObject({
  src: v.nullish(v.string()),
  alt: v.nullish(v.string()),
  title: v.nullish(v.string()),
  sizes: v.nullish(v.pipe(v.string(), v.regex(/^[\w\s(),.:%-]{1,200}$/))),
});

/** An `image` node through the image builder: alt text, srcset, sizes, width, height, lazy loading. */
export function renderImage(node: RichTextNode): ReactNode {
  const parsed = v.safeParse(ImageAttrsSchema, node.attrs ?? {});
  const attrs = parsed.success ? parsed.output : { src: null, alt: null, title: null, sizes: null };
  // The CMS's own srcset is ignored: ours is built from the asset and only holds safe URLs.
  return (
    <ContentImage
      className="rt-image"
      src={attrs.src}
      alt={attrs.alt ?? ""}
      title={attrs.title ?? undefined}
      sizes={attrs.sizes ?? COLUMN_SIZES}
    />
  );
}

const EmojiAttrsSchema = v.looseObject({ name: v.nullish(v.string()), emoji: v.nullish(v.string()) });

/** An `emoji` node as its character with an accessible name, or `:name:` when the character is missing. */
export function renderEmoji(node: RichTextNode): ReactNode {
  const parsed = v.safeParse(EmojiAttrsSchema, node.attrs ?? {});
  if (!parsed.success) return null;
  const { name, emoji } = parsed.output;
  // role="img" needs a name; without one, the character speaks for itself.
  if (emoji && name) {
    return (
      <span className="rt-emoji" role="img" aria-label={name}>
        {emoji}
      </span>
    );
  }
  if (emoji) return <span className="rt-emoji">{emoji}</span>;
  return name ? `:${name}:` : null;
}

const BlokAttrsSchema = v.looseObject({ body: v.optional(v.array(BlokSchema), []) });

/** Blocks embedded in the text render through the block registry, like the page's own blocks. */
export function renderBloks(node: RichTextNode): ReactNode {
  const parsed = v.safeParse(BlokAttrsSchema, node.attrs ?? {});
  if (!parsed.success) {
    console.warn(`Invalid embedded blocks skipped: ${v.summarize(parsed.issues)}`);
    return null;
  }
  return (
    <div className="rt-blok">
      {parsed.output.body.map((blok) => (
        <BlokView key={blok._uid} blok={blok} />
      ))}
    </div>
  );
}
