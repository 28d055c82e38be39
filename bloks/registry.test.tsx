import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { isBlank, one, parseHtml, textOf } from "#tests/html.ts";
import { CATALOGUES } from "#app/lib/catalogues.server.ts";
import { I18nProvider } from "#app/lib/i18n-context.tsx";
import { BlokContextProvider } from "./context";
import { freezeNow } from "#app/lib/frozen.ts";
import { blokDataResolvers } from "./data.server";
import { BLOK_KINDS, blokModulePath } from "./manifest";
import { blokRegistry as registry } from "./registry.server";
import { blokKinds, loadBlokComponent } from "./components";
import { blokRoot } from "./hydration";
import { BlokView } from "./render";
import { validateBlokTree } from "./validate.server";

/** The block kinds of SPEC section 1, by their CMS component names. */
const SPEC_BLOCK_KINDS = [
  "breadcrumbs",
  "cards_carousel",
  "contact",
  "events",
  "upcoming_events",
  "faqs",
  "featured_cards",
  "hospitality",
  "iframe_embed",
  "image_carousel",
  "info_banner",
  "job_offers",
  "menu",
  "parking_rates",
  "restaurants",
  "sponsors",
  "ticket_service",
  "grid_layout",
  "page",
  "text",
];

/** Each fixture: a block as the CMS sends it, plus the server data its resolver would give it. */
const FixtureSchema = v.object({
  blok: v.looseObject({ component: v.string(), _uid: v.string() }),
  data: v.optional(v.unknown()),
});
const fixtures = Object.fromEntries(
  Object.entries(import.meta.glob<unknown>("./fixtures/*.json", { eager: true, import: "default" })).map(
    ([path, json]) => [path.replace(/^.*\/(.+)\.json$/, "$1"), v.parse(FixtureSchema, json)],
  ),
);

/** Block data as the page's loader sends it: each block's value frozen (app/lib/frozen.ts). */
function frozenData(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).flatMap(([uid, value]) => (value === undefined ? [] : [[uid, freezeNow(value)]])),
  );
}

function render(
  blok: v.InferOutput<typeof FixtureSchema>["blok"],
  data: Record<string, unknown> = {},
  preview = false,
) {
  const checked = validateBlokTree(blok, preview);
  if (!checked) return parseHtml("").body;
  const Stub = createRoutesStub([
    {
      path: "/en/",
      Component: () => (
        <I18nProvider lang="en" messages={CATALOGUES.en}>
          <BlokContextProvider value={{ data: frozenData(data), preview, search: "" }}>
            <BlokView blok={checked} />
          </BlokContextProvider>
        </I18nProvider>
      ),
    },
  ]);
  return parseHtml(renderToString(<Stub initialEntries={["/en/"]} />)).body;
}

describe("block registry", () => {
  it("registry, schemas and fixtures match one to one", () => {
    expect(Object.keys(fixtures).sort()).toEqual(Object.keys(registry).sort());
    for (const [name, fixture] of Object.entries(fixtures)) expect(fixture.blok.component).toBe(name);
  });

  it("holds every block kind of the specification", () => {
    expect(Object.keys(registry)).toEqual(expect.arrayContaining(SPEC_BLOCK_KINDS));
  });

  it("registers every kind of the manifest, each from its own module", () => {
    expect(Object.keys(registry)).toEqual([...BLOK_KINDS]);
    expect(blokModulePath("cards_carousel")).toBe("./cards-carousel.tsx");
  });

  it("the browser loads the same component for every registered kind, and no other kind", async () => {
    expect(blokKinds().sort()).toEqual(Object.keys(registry).sort());
    await expect(loadBlokComponent("hologram")).rejects.toThrow('No module for block "hologram"');
    for (const [kind, definition] of Object.entries(registry)) {
      expect(await loadBlokComponent(kind)).toBe(definition.Component);
    }
  });

  it("has a data resolver only for registered blocks", () => {
    for (const name of Object.keys(blokDataResolvers)) expect(registry).toHaveProperty(name);
  });

  it.each(Object.keys(fixtures))("%s: the fixture is valid and renders", (name) => {
    const fixture = fixtures[name];
    if (!fixture) throw new Error(`no fixture for ${name}`);
    const definition = registry[name];
    if (!definition) throw new Error(`${name} is not registered`);
    expect(v.safeParse(definition.schema, fixture.blok).issues).toBeUndefined();
    const warn = vi.spyOn(console, "warn");
    const body = render(fixture.blok, { [fixture.blok._uid]: fixture.data });
    expect(warn).not.toHaveBeenCalled();
    expect(isBlank(body)).toBe(false);
  });

  // Reaching for a block wakes its code by this selector (bloks/hydration.ts).
  it.each(Object.keys(fixtures))("%s: the outermost element is the kind's hydration root", (name) => {
    const fixture = fixtures[name]!;
    const body = render(fixture.blok, { [fixture.blok._uid]: fixture.data });
    // The first element after the image preloads React hoists into the head.
    const outermost = one(body, ":scope > :not(link)");
    expect([...outermost.classList]).toContain(blokRoot(name).slice(1));
  });

  it("skips an unknown block, and names it to editors in a preview", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const blok = { component: "hologram", _uid: "x1" };
    expect(isBlank(render(blok))).toBe(true);
    expect(textOf(render(blok, {}, true))).toContain("Unknown block “hologram”");
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("skips an invalid block, and names the problem to editors in a preview", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const blok = { component: "text", _uid: "x2", text: 42 };
    expect(isBlank(render(blok))).toBe(true);
    expect(textOf(render(blok, {}, true))).toContain("Invalid block “text”");
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
