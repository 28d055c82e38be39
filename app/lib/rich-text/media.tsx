import type { ReactNode } from "react";
import { BlokView } from "#bloks/render.tsx";
import { ContentImage } from "#app/components/content-image.tsx";
import { COLUMN_SIZES } from "#app/lib/image.ts";
import { isBlok, isOptionalString } from "./attrs";
import type { RichTextNode } from "./schema";

// The server validated the document's shape; these nodes read their attributes with plain checks,
// so rendering in the browser does not ship valibot.

const SIZES = /^[\w\s(),.:%-]{1,200}$/;

/** An `image` node through the image builder: alt text, srcset, sizes, width, height, lazy loading. */
export function renderImage(node: RichTextNode): ReactNode {
  const { src, alt, title, sizes } = node.attrs ?? {};
  // One invalid attribute voids them all: the image falls back to the placeholder.
  const valid =
    isOptionalString(src) &&
    isOptionalString(alt) &&
    isOptionalString(title) &&
    (sizes == null || (typeof sizes === "string" && SIZES.test(sizes)));
  const attrs = valid ? { src, alt, title, sizes } : { src: null, alt: null, title: null, sizes: null };
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

/** An `emoji` node as its character with an accessible name, or `:name:` when the character is missing. */
export function renderEmoji(node: RichTextNode): ReactNode {
  const { name, emoji } = node.attrs ?? {};
  if (!isOptionalString(name) || !isOptionalString(emoji)) return null;
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

/** Blocks embedded in the text render through the block registry, like the page's own blocks. */
export function renderBloks(node: RichTextNode): ReactNode {
  const { body = [] } = node.attrs ?? {};
  if (!Array.isArray(body) || !body.every(isBlok)) {
    const problem = Array.isArray(body)
      ? `body[${body.findIndex((blok) => !isBlok(blok))}] needs a string component and _uid`
      : "body is not a list";
    console.warn(`Invalid embedded blocks skipped: ${problem}`);
    return null;
  }
  return (
    <div className="rt-blok">
      {body.map((blok) => (
        <BlokView key={blok._uid} blok={blok} />
      ))}
    </div>
  );
}
