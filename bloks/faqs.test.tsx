import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { all, one, parseHtml, textOf } from "#tests/html.ts";
import fixture from "./fixtures/faqs.json";
import { FaqPageSchema, jsonLdScripts } from "./shared/json-ld-schemas";
import { renderBlok } from "./shared/render-blok";

function jsonLdIn(html: string): unknown {
  const [script, ...others] = jsonLdScripts(html);
  expect(others).toEqual([]);
  return script?.data;
}

describe("faqs", () => {
  it("renders each question as a native disclosure, closed, with its rich-text answer", () => {
    const questions = all(parseHtml(renderBlok(fixture.blok)), "details.faq");
    expect(questions.map((question) => textOf(one(question, ":scope > summary.faq__question")))).toEqual([
      "When do the doors open?",
      "Can I bring a bag?",
    ]);
    const answers = questions.map((question) => all(question, "p").map(textOf));
    expect(answers[1]).toEqual(["Only bags up to A4 size.", "There is no cloakroom."]);
    expect(questions.filter((question) => question.hasAttribute("open"))).toEqual([]);
  });

  it("carries a valid FAQPage with the answers as plain text", () => {
    const data = v.parse(FaqPageSchema, jsonLdIn(renderBlok(fixture.blok)));
    expect(data.mainEntity.map((q) => [q.name, q.acceptedAnswer.text])).toEqual([
      ["When do the doors open?", "Doors open 90 minutes before the event starts."],
      ["Can I bring a bag?", "Only bags up to A4 size.\nThere is no cloakroom."],
    ]);
  });

  it("leaves out questions without an answer, and renders nothing when none is left", () => {
    const empty = { type: "doc", content: [{ type: "paragraph" }] };
    const html = renderBlok({
      ...fixture.blok,
      items: [fixture.blok.items[0], { _uid: "q3", question: "Unanswered?", answer: empty }],
    });
    expect(html).not.toContain("Unanswered?");
    expect(v.parse(FaqPageSchema, jsonLdIn(html)).mainEntity).toHaveLength(1);
    expect(renderBlok({ ...fixture.blok, items: [{ _uid: "q4", question: "Unanswered?", answer: empty }] })).toBe("");
  });
});
