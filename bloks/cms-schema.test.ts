import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { SiteConfigSchema } from "#app/lib/content-types.ts";
import { EventContentSchema } from "#app/lib/events/event.ts";
import { isBlok } from "#app/lib/rich-text/attrs.ts";
import committedComponents from "#storyblok/components/arena/components.json";
import committedDatasources from "#storyblok/datasources/arena/datasources.json";
import {
  storyblokComponents,
  storyblokDatasources,
  type EmbeddedDatasource,
  type StoryblokComponent,
} from "./cms-schema";
import { INVALID_BLOK } from "./problems";
import { HIGHLIGHT_PALETTE, RICH_TEXT_STYLES, TEXT_PALETTE } from "#app/lib/rich-text/classes.ts";
import { COLOUR_STYLES } from "#app/lib/rich-text/palette.server.ts";
import { one, parseHtml } from "#tests/html.ts";
import { renderBlok } from "./shared/render-blok";
import { validateBlokTree } from "./validate.server";
import { blokRegistry } from "./registry.server";

const stories = import.meta.glob<{ story: { full_slug: string; content: Record<string, unknown> } }>(
  "../content/stories/*/**/*.json",
  { eager: true, import: "default" },
);
const embeddedDatasources = Object.entries(
  import.meta.glob<{ datasource_entries: EmbeddedDatasource["entries"] }>("../content/datasources/*.json", {
    eager: true,
    import: "default",
  }),
).map(([file, json]) => ({ slug: /([^/]+)\.json$/.exec(file)![1]!, entries: json.datasource_entries }));

describe("the Storyblok content model (storyblok/)", () => {
  it("is what `npm run cms:schema` generates from the blocks' schemas (run it after changing a schema)", () => {
    expect(committedComponents).toEqual(storyblokComponents());
    expect(committedDatasources).toEqual(storyblokDatasources(embeddedDatasources));
  });

  const components = new Map(storyblokComponents().map((c) => [c.name, c]));

  it("has the content types as roots and every other component nestable", () => {
    const roots = [...components.values()].filter((c) => c.is_root).map((c) => c.name);
    expect(roots).toEqual(["event", "page", "site_config"]);
    for (const component of components.values()) expect(component.is_nestable).toBe(!component.is_root);
  });

  it("reads field types, requirements, options and allowed blocks from the schemas", () => {
    const field = (component: string, name: string) => components.get(component)?.schema[name];
    expect(field("info_banner", "title")).toMatchObject({ type: "text", required: true, pos: 0 });
    expect(field("info_banner", "text")).not.toHaveProperty("required");
    expect(field("info_banner", "tone")).toMatchObject({
      type: "option",
      options: [
        { name: "Notice", value: "notice" },
        { name: "Alert", value: "alert" },
      ],
      default_value: "notice",
    });
    expect(field("text", "text")).toMatchObject({ type: "richtext", required: true });
    expect(field("info_banner", "link")).toMatchObject({ type: "multilink", allow_target_blank: true });
    expect(field("card", "image")).toMatchObject({ type: "asset", filetypes: ["images"] });
    expect(field("image_carousel", "images")).toMatchObject({ type: "multiasset" });
    expect(field("cards_carousel", "cards")).toMatchObject({ type: "bloks", component_whitelist: ["card"] });
    expect(field("grid_layout", "columns")).toMatchObject({ minimum: 1, maximum: 4, required: true });
    expect(field("upcoming_events", "events")).toMatchObject({
      type: "options",
      source: "internal_stories",
      filter_content_type: ["event"],
    });
    expect(field("event", "date")).toMatchObject({ type: "datetime", required: true });
    expect(field("events", "per_page")).toMatchObject({ type: "number" });
    expect(field("featured_cards", "above_the_fold")).toMatchObject({ type: "boolean", default_value: "false" });
    const body = field("page", "body") as unknown as { component_whitelist: string[] };
    expect(body.component_whitelist).toContain("text");
    expect(body.component_whitelist).not.toContain("page");
    for (const kind of body.component_whitelist) expect(components.get(kind)?.is_nestable).toBe(true);
  });

  it("names the redirect table among the datasources, with the redirects the site ships, in the CLI's push format", () => {
    const redirects = committedDatasources.find((datasource) => datasource.slug === "redirects");
    expect(redirects).toMatchObject({ name: "Redirects", slug: "redirects", dimensions: [] });
    const embedded = embeddedDatasources.find((datasource) => datasource.slug === "redirects")!.entries;
    expect(embedded.length).toBeGreaterThan(0);
    expect(redirects?.entries).toEqual(
      embedded.map(({ name, value }) => ({ name, value, dimension_value: expect.any(String) })),
    );
  });
});

/** The blocks of a story's content, with the component that defines each and where it sits. */
function* bloksOf(value: unknown, where: string): Generator<{ blok: Record<string, unknown>; where: string }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* bloksOf(item, `${where}[${index}]`);
  } else if (typeof value === "object" && value !== null) {
    if (isBlok(value)) yield { blok: value, where };
    for (const [key, field] of Object.entries(value)) yield* bloksOf(field, `${where}.${key}`);
  }
}

function problemsOf(content: Record<string, unknown>, components: Map<string, StoryblokComponent>): string[] {
  const problems: string[] = [];
  for (const { blok, where } of bloksOf(content, "content")) {
    const component = components.get(String(blok.component));
    if (!component) {
      // Rich-text nodes and marks are not blocks; anything else named `component` must be modelled.
      problems.push(`${where}: "${blok.component}" is not a Storyblok component`);
      continue;
    }
    for (const key of Object.keys(blok)) {
      if (!["component", "_uid", "_editable"].includes(key) && !(key in component.schema)) {
        problems.push(`${where}: field "${key}" of "${blok.component}" is not in its Storyblok definition`);
      }
    }
  }
  return problems;
}

describe("the embedded stories in content/", () => {
  const components = new Map(storyblokComponents().map((c) => [c.name, c]));
  const entries = Object.entries(stories).map(
    ([file, json]) => [file.replace("../content/stories/", ""), json] as const,
  );

  it("exist", () => {
    expect(entries.length).toBeGreaterThan(20);
  });

  it.each(entries)("%s passes its schemas and fits the Storyblok model", (_file, { story }) => {
    const { content } = story;
    if (content.component === "page") {
      const checked = validateBlokTree(content as never, true);
      const invalid = [...bloksOf(checked, "content")].filter(({ blok }) => blok.component === INVALID_BLOK);
      expect(invalid.map(({ blok, where }) => `${where}: ${String(blok.name)}: ${String(blok.issues)}`)).toEqual([]);
    } else if (content.component === "event") {
      expect(v.safeParse(EventContentSchema, content).issues).toBeUndefined();
    } else {
      expect(content.component).toBe("site_config");
      expect(v.safeParse(SiteConfigSchema, content).issues).toBeUndefined();
    }
    expect(problemsOf(content, components)).toEqual([]);
  });
});

describe("the content model offers what the renderer keeps, and nothing it drops", () => {
  const all = storyblokComponents();
  const fieldsOf = (type: string) =>
    all.flatMap((component) =>
      Object.entries(component.schema)
        .filter(([, field]) => field.type === type)
        .map(([name, field]) => ({ where: `${component.name}.${name}`, field })),
    );
  const styleValues = [...RICH_TEXT_STYLES, ...COLOUR_STYLES.keys()];
  const textWith = (mark: Record<string, unknown>) => ({
    component: "text",
    _uid: "t-1",
    text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hola", marks: [mark] }] }] },
  });
  const spanOf = (html: string) => one(parseHtml(html), "p").firstElementChild;

  it("offers every style and palette colour the renderer keeps in every rich-text field, and no colour picker", () => {
    expect(fieldsOf("richtext").length).toBeGreaterThan(0);
    for (const { where, field } of fieldsOf("richtext")) {
      const offered = (field.style_options as { value: string }[]).map((option) => option.value);
      expect(offered, where).toEqual(styleValues);
      expect(field, where).toMatchObject({
        customize_toolbar: true,
        allow_target_blank: true,
        allow_custom_attributes: true,
      });
      expect(field.toolbar, where).not.toContain("color");
      expect(field.toolbar, where).not.toContain("highlight");
      expect(field.toolbar, where).toContain("style");
    }
  });

  it.each(styleValues)("renders the offered style %s with a site class", (value) => {
    const element = spanOf(renderBlok(textWith({ type: "styled", attrs: { class: value } })));
    expect(element?.getAttribute("class") ?? "").toMatch(/^rt-/);
  });

  it("covers the whole palette through the offered colours, and drops a colour it does not offer", () => {
    const colours = [...COLOUR_STYLES.values()].map((mark) => String(mark.attrs?.color));
    expect(colours.toSorted()).toEqual([...TEXT_PALETTE, ...HIGHLIGHT_PALETTE].toSorted());
    const offPalette = spanOf(renderBlok(textWith({ type: "styled", attrs: { class: "color-fuchsia" } })));
    expect(offPalette).toBeNull();
    const offHex = spanOf(renderBlok(textWith({ type: "textStyle", attrs: { color: "#ff00ff" } })));
    expect(offHex).toBeNull();
  });

  it("lets every link field open in a new tab, carry a title and point at an asset, as the renderer does", () => {
    // Except where the page keeps only where a link leads (checked below, with the blocks' own links).
    for (const { where, field } of fieldsOf("multilink").filter(({ field }) => field.allow_target_blank)) {
      expect(field, where).toMatchObject({
        allow_target_blank: true,
        allow_custom_attributes: true,
        asset_link_type: true,
      });
    }
    const link = {
      linktype: "url",
      url: "https://example.com/",
      target: "_blank",
      custom: { title: "Más información" },
    };
    const anchor = one(parseHtml(renderBlok(textWith({ type: "link", attrs: { ...link, href: link.url } }))), "a");
    expect(anchor.getAttribute("target")).toBe("_blank");
    expect(anchor.getAttribute("title")).toBe("Más información");
  });

  it("describes the fields a person might misread", () => {
    expect(field("restaurants", "folder").description).toMatch(/folder/);
    expect(field("site_config_header_menu", "link").description).toMatch(/renamed/);
    // Every number (its unit), date (its clock) and switch (its effect) says what it means.
    const undescribed = all.flatMap((component) =>
      Object.entries(component.schema)
        .filter(([, f]) => ["number", "boolean", "datetime"].includes(f.type) && !f.description)
        .map(([key]) => `${component.name}.${key}`),
    );
    expect(undescribed).toEqual([]);
    expect(field("event", "price_from").description).toMatch(/euros/);
    expect(field("event", "date").type).toBe("datetime");
    expect(field("event", "date").description).toMatch(/local time/);
    // Codes and addresses with a format of their own.
    expect(field("card", "apply_box").description).toMatch(/hospitality/);
    expect(field("hospitality_product", "value").description).toMatch(/code/);
    expect(field("iframe_embed", "url").description).toMatch(/YouTube/);
  });

  it("stops at a number, date or switch that does not say what it means", () => {
    const gauge = (level: v.GenericSchema) => ({
      ...blokRegistry,
      gauge: {
        ...blokRegistry.text!,
        schema: v.looseObject({ component: v.literal("gauge"), _uid: v.string(), level }),
      },
    });
    expect(() => storyblokComponents(gauge(v.optional(v.number())))).toThrow(/gauge\.level: a number field/);
    const described = storyblokComponents(gauge(v.pipe(v.optional(v.number()), v.description("Litres."))));
    expect(described.find((c) => c.name === "gauge")?.schema.level).toMatchObject({
      type: "number",
      description: "Litres.",
    });
  });

  function field(component: string, name: string) {
    return all.find((c) => c.name === component)!.schema[name]!;
  }
});

describe("menus in the content model", () => {
  it("keep a typed slug the same in every language, and take a link that follows the story", () => {
    const menu = storyblokComponents().find((component) => component.name === "site_config_header_menu")!;
    expect(menu.schema.slug).not.toHaveProperty("translatable");
    expect(menu.schema.link).toMatchObject({ type: "multilink" });
  });
});

describe("link fields offer what the page keeps of a link", () => {
  const fixtures = import.meta.glob<{ blok: { component: string; _uid: string } & Record<string, unknown> }>(
    "./fixtures/*.json",
    { eager: true, import: "default" },
  );
  const links = storyblokComponents().flatMap((component) =>
    Object.entries(component.schema)
      .filter(([, f]) => f.type === "multilink")
      .map(
        ([key, f]) =>
          [component.name, key, f.allow_target_blank === true && f.allow_custom_attributes === true] as const,
      ),
  );
  const href = "https://example.com/agreement";
  const chosen = { linktype: "url", url: href, target: "_blank", custom: { title: "Abre en otra pestaña" } };

  /** A block fixture holding `component`, with every `component` in it linking to `chosen` in `key`. */
  function withLink(component: string, key: string) {
    const set = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(set);
      if (typeof value !== "object" || value === null) return value;
      const out = Object.fromEntries(Object.entries(value).map(([k, field]) => [k, set(field)]));
      return (value as { component?: unknown }).component === component ? { ...out, [key]: chosen } : out;
    };
    const holder = Object.values(fixtures).find(({ blok }) =>
      JSON.stringify(blok).includes(`"component":"${component}"`),
    );
    return holder ? (set(holder.blok) as typeof holder.blok) : null;
  }

  it.each(links.filter(([, , offered]) => offered).map(([component, key]) => [component, key]))(
    "%s.%s: a new tab and a title the editor sets reach the page",
    (component, key) => {
      const blok = withLink(component, key);
      expect(blok, `a fixture with a ${component}`).not.toBeNull();
      // Blocks that ask the server for data get it as the page loader gives it (job offers: today).
      const data = { [blok!._uid]: JSON.stringify({ today: "2026-01-01" }) };
      const anchor = one(parseHtml(renderBlok(blok!, { data })), `a[href="${href}"]`);
      expect(anchor.getAttribute("target")).toBe("_blank");
      expect(anchor.getAttribute("title")).toBe("Abre en otra pestaña");
    },
  );

  it("offer no new tab or title where the page keeps only where a link leads", () => {
    const addressOnly = links.filter(([, , offered]) => !offered).map(([component, key]) => `${component}.${key}`);
    expect(addressOnly.toSorted()).toEqual([
      "breadcrumb_item.link",
      "event.promoter_ticket_link",
      "event.venue_ticket_link",
      "site_config_footer_legal.link",
      "site_config_footer_venue.link",
      "site_config_footer_visit.link",
      "site_config_header_menu.link",
    ]);
    for (const [component, key] of links.filter(([, , offered]) => !offered)) {
      const field = storyblokComponents().find((c) => c.name === component)!.schema[key]!;
      expect(field, `${component}.${key}`).not.toHaveProperty("allow_custom_attributes");
      expect(field, `${component}.${key}`).not.toHaveProperty("asset_link_type");
    }
  });
});
