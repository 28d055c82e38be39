import { describe, expect, it, vi } from "vitest";
import grid from "./fixtures/grid_layout.json";
import banner from "./fixtures/info_banner.json";
import { renderBlok } from "./shared/render-blok";

describe("info_banner", () => {
  it("renders a titled section with its text and call to action", () => {
    const html = renderBlok(banner.blok, { lang: "es" });
    expect(html).toContain(
      '<section class="blok-info-banner blok-info-banner--notice" aria-labelledby="banner-banner-en">',
    );
    expect(html).toContain("Come early: security checks take longer on sold-out nights.");
    expect(html).toMatch(
      /<a class="button blok-info-banner__action" href="\/es\/bag-policy\/"[^>]*>Read the bag policy<\/a>/,
    );
  });

  it("falls back to a translated label, and drops an unsafe link", () => {
    const { link_label: _label, ...noLabel } = banner.blok;
    expect(renderBlok(noLabel, { lang: "val" })).toContain(">Més informació</a>");
    const unsafe = renderBlok({ ...banner.blok, link: { linktype: "url", url: "javascript:alert(1)" } });
    expect(unsafe).not.toContain("<a ");
  });
});

describe("grid_layout", () => {
  it("renders each column's nested blocks through the registry", () => {
    const html = renderBlok(grid.blok);
    expect(html).toMatch(/^<div class="blok-grid-layout" data-columns="2">/);
    expect(html.match(/class="blok-grid-layout__column"/g)).toHaveLength(2);
    expect(html).toContain("Metro lines 3 and 5.");
    expect(html).toContain("blok-info-banner--alert");
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
