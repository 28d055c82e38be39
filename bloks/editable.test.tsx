import { describe, expect, it } from "vitest";
import { one, parseHtml, textOf } from "#tests/html.ts";
import { editableAttributes } from "./editable";
import { INVALID_BLOK } from "./problems";
import { renderBlok } from "./shared/render-blok";
import { validateBlokTree } from "./validate.server";
import { vi } from "vitest";

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

describe("blocks that fail their schema", () => {
  const broken = { component: "text", _uid: "broken-1", text: "not a rich-text document" };

  it("show editors a notice naming the block and the reason in a preview", () => {
    const html = renderBlok({ component: "page", _uid: "p", title: "T", body: [broken] }, { preview: true });
    const notice = one(parseHtml(html), "div.blok-problem");
    expect(notice.getAttribute("role")).toBe("note");
    expect(notice.children).toHaveLength(0);
    expect(textOf(notice)).toBe("Invalid block “text”, not shown to visitors: check text");
  });

  it("name the fields to check in the editor's language, never the validator's English", () => {
    const html = renderBlok(
      { component: "page", _uid: "p", title: "T", body: [broken] },
      { preview: true, lang: "es" },
    );
    const notice = textOf(one(parseHtml(html), "div.blok-problem"));
    expect(notice).toBe("Bloque «text» no válido, no se muestra a los visitantes: revisa text");
    expect(notice).not.toMatch(/Invalid|Expected|received/);
  });

  it("keep the editor's marker, so a click on the notice opens the broken block", () => {
    const html = renderBlok(
      { component: "page", _uid: "p", title: "T", body: [{ ...broken, _editable: marker(options) }] },
      { preview: true },
    );
    expect(html).toContain("blok-problem");
    const checked = validateBlokTree(
      { component: "page", _uid: "p", title: "T", body: [{ ...broken, _editable: marker(options) }] },
      true,
    );
    expect((checked?.body as Record<string, unknown>[])[0]).toMatchObject({
      component: INVALID_BLOK,
      _editable: marker(options),
    });
  });

  it("are never shown to visitors", () => {
    const html = renderBlok({ component: "page", _uid: "p", title: "T", body: [broken] });
    expect(html).not.toContain("blok-problem");
    expect(html).not.toContain("not a rich-text document");
  });
});

describe("a block kind the site does not know", () => {
  const page = {
    component: "page",
    _uid: "p",
    title: "T",
    body: [
      { component: "mystery_widget", _uid: "m-1", text: "Texto que ningún visitante debe recibir" },
      { component: "sponsors", _uid: "s-1" },
    ],
  };

  it("is left out of a published page's data, not only of its markup", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const checked = validateBlokTree(page);
    expect(JSON.stringify(checked)).not.toContain("Texto que ningún visitante debe recibir");
    expect((checked?.body as { component: string }[]).map((blok) => blok.component)).toEqual(["sponsors"]);
    expect(renderBlok(page)).not.toContain("Texto que ningún visitante debe recibir");
  });

  it("keeps the items the content model nests in known blocks (menu links, cards, sponsors…)", () => {
    const menu = {
      component: "page",
      _uid: "p",
      title: "T",
      body: [
        {
          component: "menu",
          _uid: "menu-1",
          links: [{ component: "menu_link", _uid: "l-1", label: "Inicio", link: { linktype: "url", url: "/es/" } }],
        },
      ],
    };
    expect(JSON.stringify(validateBlokTree(menu))).toContain('"menu_link"');
  });

  it("stays in a preview, where the editor sees what is not shown", () => {
    expect(JSON.stringify(validateBlokTree(page, true))).toContain("mystery_widget");
  });
});

describe("click-to-edit on the items a block nests", () => {
  const fixtures = import.meta.glob<{ blok: { component: string; _uid: string } & Record<string, unknown> }>(
    "./fixtures/*.json",
    { eager: true, import: "default" },
  );
  /** The draft as the CDN sends it to the Visual Editor: every object with a `_uid` carries its marker. */
  function withMarkers(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(withMarkers);
    if (typeof value !== "object" || value === null) return value;
    const record = value as Record<string, unknown>;
    const out = Object.fromEntries(Object.entries(record).map(([key, field]) => [key, withMarkers(field)]));
    if (typeof record._uid === "string") {
      const name = typeof record.component === "string" ? record.component : "item";
      out._editable = marker({ name, space: "287941", uid: record._uid, id: "612345" });
    }
    return out;
  }
  const itemsOf = (blok: Record<string, unknown>, field: string) =>
    (blok[field] as { _uid: string }[]).map((i) => i._uid);

  it.each([
    ["faqs", "items"],
    ["sponsors", "premium"],
    ["menu", "links"],
    ["grid_layout", "columns"],
    ["featured_cards", "cards"],
    ["cards_carousel", "cards"],
    ["hospitality", "products"],
  ])("%s: each of its %s opens itself in a preview, and public pages carry no marker", (kind, field) => {
    const { blok } = fixtures[`./fixtures/${kind}.json`]!;
    const uids = itemsOf(blok, field);
    expect(uids.length).toBeGreaterThan(0);
    const draft = withMarkers(blok) as typeof blok;
    const preview = parseHtml(renderBlok(draft, { preview: true }));
    const marked = [...preview.querySelectorAll("[data-blok-uid]")].map((element) =>
      element.getAttribute("data-blok-uid"),
    );
    for (const uid of uids) expect(marked).toContain(`612345-${uid}`);
    const published = renderBlok(blok);
    expect(published).not.toContain("data-blok");
    // Even a published story that carried markers would not show them outside a preview.
    expect(renderBlok(draft)).not.toContain("data-blok");
  });
});
