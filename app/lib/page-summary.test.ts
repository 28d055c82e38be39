import { describe, expect, it } from "vitest";
import { pageSummary } from "./page-summary";

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
const page = (body: unknown[]) => ({ component: "page", _uid: "p", body });

describe("a page's own description when editors wrote none", () => {
  it("is its first text long enough to stand alone: a paragraph or a block's intro", () => {
    const text = { component: "text", _uid: "t", text: { type: "doc", content: [paragraph("Newsletter")] } };
    const intro = "Conciertos, partidos y ofertas, una vez al mes en tu correo.";
    expect(pageSummary(page([text, { component: "newsletter", _uid: "n", intro }]))).toBe(intro);
  });

  it("is cut at a word near 160 characters, and absent when the page has no such text", () => {
    const long = "Palabra ".repeat(40).trim();
    const summary = pageSummary(
      page([{ component: "text", _uid: "t", text: { type: "doc", content: [paragraph(long)] } }]),
    );
    expect(summary?.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/Palabra…$/);
    expect(pageSummary(page([{ component: "text", _uid: "t", intro: "Corto." }]))).toBeNull();
  });
});
