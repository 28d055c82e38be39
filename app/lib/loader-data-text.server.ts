/**
 * The text React Router writes for loader data, remembered for the long strings that repeat from
 * one request to the next (patched into React Router's server build by `loaderDataText` in
 * vite.config.ts).
 *
 * Why: most loader data is frozen (app/lib/frozen.ts), so a page's data is a few long JSON
 * strings that stay the same for a content version. React Router still escapes each of them on
 * every request, twice: turbo-stream writes every string with `JSON.stringify` (each `"` of the
 * frozen JSON becomes `\"`), and the document's `<script>` carries the encoded stream as a string
 * again (`JSON.stringify`, then `escapeHtml`). That was the largest cost of a page after React's
 * render (docs/performance.md, "The loader data's text").
 *
 * Both are pure functions of the string, so a memo by the string returns the very text they
 * would write: nothing of one request can reach another that did not send the same data.
 */
import { perKey } from "./per-object";

/** Shorter strings are escaped as before: looking them up would cost about as much. */
const LONG = 512;
/** Distinct long strings kept (a few per page and language); all dropped at once when full. */
const LIMIT = 256;

const jsonOfLongStrings = perKey<string>(LIMIT);
const enqueueArguments = perKey<string>(LIMIT);

/** turbo-stream's text for a string value: its JSON. */
export function jsonOfString(text: string): string {
  return text.length < LONG ? JSON.stringify(text) : jsonOfLongStrings(text, () => JSON.stringify(text));
}

/** The argument of the document's `streamController.enqueue(…)` for one chunk of the encoded stream. */
export function enqueueArgument(chunk: string, escapeHtml: (html: string) => string): string {
  const write = () => escapeHtml(JSON.stringify(chunk));
  return chunk.length < LONG ? write() : enqueueArguments(chunk, write);
}
