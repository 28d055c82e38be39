import { describe, expect, it } from "vitest";
import { enqueueArgument, jsonOfString } from "./loader-data-text.server";

// React Router's own escape for the document's inline scripts (react-router/lib/dom/ssr/markup).
const ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const escapeHtml = (html: string) => html.replace(/[&><\u2028\u2029]/g, (match) => ESCAPES[match] ?? match);

const frozen = (n: number) =>
  JSON.stringify({
    component: "page",
    n,
    title: `Concierto «${n}» & más </script><!--`,
    line: "a\u2028b",
    emoji: "🎤",
  });
const long = (n: number) => frozen(n).padEnd(2_000, " x");

describe("the loader data's text, remembered", () => {
  it("is exactly what React Router writes, short or long, the first time and after", () => {
    for (const text of [frozen(1), long(1), "", '"', "\ud800 lone surrogate".repeat(60)]) {
      for (let i = 0; i < 2; i += 1) {
        expect(jsonOfString(text)).toBe(JSON.stringify(text));
        expect(enqueueArgument(text, escapeHtml)).toBe(escapeHtml(JSON.stringify(text)));
      }
    }
  });

  it("never answers one string with another's text", () => {
    // Long strings that differ only near the end, more of them than the memo keeps.
    const texts = Array.from({ length: 600 }, (_, i) => `${"x".repeat(1_000)}${i}`);
    for (const round of [1, 2]) {
      for (const text of texts) {
        expect(jsonOfString(text), `round ${round}`).toBe(JSON.stringify(text));
        expect(enqueueArgument(text, escapeHtml), `round ${round}`).toBe(escapeHtml(JSON.stringify(text)));
      }
    }
  });

  it("keeps the script's text safe inside the document", () => {
    const text = enqueueArgument(long(2), escapeHtml);
    expect(text).not.toMatch(/<\/script|<!--|[\u2028\u2029&]/i);
    // And the browser reads back the very string.
    expect(JSON.parse(text)).toBe(long(2));
  });
});
