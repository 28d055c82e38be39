import { describe, expect, it } from "vitest";
import text from "./fixtures/text.json";
import { editableAttributes } from "./editable";
import { renderBlok } from "./shared/render-blok";

const marker = (options: unknown) => `<!--#storyblok#${JSON.stringify(options)}-->`;
const options = { name: "text", space: "287941", uid: "text-1", id: "612345" };

describe("editableAttributes", () => {
  it("turns the editor's marker into the attributes its bridge reads", () => {
    expect(editableAttributes({ _editable: marker(options) })).toEqual({
      "data-blok-c": JSON.stringify(options),
      "data-blok-uid": "612345-text-1",
    });
    expect(editableAttributes({ _editable: marker({ ...options, id: 612345 }) })?.["data-blok-uid"]).toBe(
      "612345-text-1",
    );
  });

  it.each([
    ["no marker", undefined],
    ["not a string", 12],
    ["not the editor's comment", '{"id":"1","uid":"2"}'],
    ["broken JSON", "<!--#storyblok#{id:1}-->"],
    ["no id", marker({ uid: "a" })],
    ["an object as uid", marker({ id: "1", uid: {} })],
  ])("ignores %s", (_case, editable) => {
    expect(editableAttributes({ _editable: editable })).toBeNull();
  });
});

describe("click-to-edit in the Visual Editor", () => {
  const blok = { ...text.blok, _editable: marker({ ...options, uid: text.blok._uid }) };

  it("marks a block in a preview", () => {
    const html = renderBlok(blok, { preview: true });
    expect(html).toMatch(/^<div class="blok-editable" data-blok-c="[^"]*&quot;space&quot;:&quot;287941&quot;/);
    expect(html).toContain(`data-blok-uid="612345-${text.blok._uid}"`);
  });

  it("never marks a published page", () => {
    expect(renderBlok(blok)).not.toContain("data-blok");
  });

  it("escapes a hostile marker", () => {
    const hostile = { ...text.blok, _editable: marker({ id: "1", uid: '"><script>alert(1)</script>' }) };
    const html = renderBlok(hostile, { preview: true });
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });
});
