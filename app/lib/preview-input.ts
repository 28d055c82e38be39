import type { Lang } from "./languages";

/**
 * Where a verified Visual Editor preview posts the story the editor is typing
 * (app/routes/preview/input.ts), with the page's signed query, so the Worker verifies the post
 * as it verifies the page (worker/middleware/preview.ts).
 */
export function previewInputPath(lang: Lang): string {
  return `/${lang}/preview-input/`;
}

/** A path `previewInputPath` makes, whatever the language. */
export const PREVIEW_INPUT_PATH = /^\/[a-z]+\/preview-input\/?$/;
