import { describe, expect, it, vi } from "vitest";
import { all, one, parseHtml, textOf } from "#tests/html.ts";
import grid from "./fixtures/grid_layout.json";
import banner from "./fixtures/info_banner.json";
import { renderBlok } from "./shared/render-blok";

describe("info_banner", () => {
  it("renders a titled section with its text and call to action", () => {
    const section = one(parseHtml(renderBlok(banner.blok, { lang: "es" })), "section.blok-info-banner");
    expect(section.classList.contains("blok-info-banner--notice")).toBe(true);
    expect(section.getAttribute("aria-labelledby")).toBe("banner-banner-en");
    one(section, "#banner-banner-en");
    expect(textOf(section)).toContain("Come early: security checks take longer on sold-out nights.");
    const action = one(section, "a.button.blok-info-banner__action");
    expect([action.getAttribute("href"), textOf(action)]).toEqual(["/es/bag-policy/", "Read the bag policy"]);
  });

  it("falls back to a translated label, and drops an unsafe link", () => {
    const { link_label: _label, ...noLabel } = banner.blok;
    expect(textOf(one(parseHtml(renderBlok(noLabel, { lang: "val" })), "a"))).toBe("Més informació");
    const unsafe = renderBlok({ ...banner.blok, link: { linktype: "url", url: "javascript:alert(1)" } });
    expect(all(parseHtml(unsafe), "a")).toEqual([]);
  });
});

describe("grid_layout", () => {
  it("renders each column's nested blocks through the registry", () => {
    const { body } = parseHtml(renderBlok(grid.blok));
    const layout = one(body, ":scope > div.blok-grid-layout:first-child");
    expect(layout.getAttribute("data-columns")).toBe("2");
    const columns = all(layout, ".blok-grid-layout__column");
    expect(columns).toHaveLength(2);
    expect(textOf(layout)).toContain("Metro lines 3 and 5.");
    one(layout, ".blok-info-banner--alert");
  });

  it("skips only the nested block that is invalid", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const [first, second] = grid.blok.columns;
    const html = renderBlok({
      ...grid.blok,
      columns: [first, { ...second, body: [{ component: "info_banner", _uid: "bad", title: 42 }] }],
    });
    expect(html).toContain("Metro lines 3 and 5.");
    expect(html).not.toContain("blok-info-banner");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Invalid block "info_banner"'));
  });

  it("is skipped with more than four columns", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const column = grid.blok.columns[0];
    const columns = [1, 2, 3, 4, 5].map((n) => ({ ...column, _uid: `c${n}` }));
    expect(renderBlok({ ...grid.blok, columns })).toBe("");
    expect(warn).toHaveBeenCalledOnce();
  });
});
