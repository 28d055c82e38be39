import { renderToString } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { pageStylesheetFiles, requestStoryStyles } from "#app/lib/page-styles.server.ts";
import { storyblokComponents } from "./cms-schema";
import type { BlokDefinition, BlokModule } from "./definition";
import { blokRoot } from "./hydration";
import { BLOK_KINDS, blokModulePath } from "./manifest";
import { storyMessages } from "./messages.server";
import { createBlokRegistry } from "./registry.server";

// The recipe of docs/blocks.md, followed with a throwaway kind: a module (its component, default
// export, and its `definition`) plus its name in a copy of the manifest, and nothing else.

const throwawaySchema = v.looseObject({
  component: v.literal("throwaway_notice"),
  _uid: v.string(),
  note: v.pipe(v.string(), v.maxLength(80)),
});

function ThrowawayNotice({ blok }: { blok: v.InferOutput<typeof throwawaySchema> }) {
  return <p className="blok-throwaway-notice">{blok.note}</p>;
}

const throwaway: BlokModule = {
  default: ThrowawayNotice,
  definition: { schema: throwawaySchema, messages: ["PAGES.MORE"], styles: ["venue"] } satisfies BlokDefinition,
};

/** The site's block modules, as bloks/registry.server.ts finds them. */
const siteModules = import.meta.glob<BlokModule>(["./*.tsx", "!./*.test.tsx", "!./render.tsx", "!./context.tsx"], {
  eager: true,
});
const modules = { ...siteModules, [blokModulePath("throwaway_notice")]: throwaway };
const manifest = [...BLOK_KINDS, "throwaway_notice"];
const registry = createBlokRegistry(manifest, modules);

const story = {
  component: "page",
  _uid: "p",
  body: [{ component: "throwaway_notice", _uid: "n", note: "Gates open at 19:00" }],
};

describe("a new block kind is one module and one line in bloks/manifest.ts", () => {
  it("is in the registry, with its schema and component", () => {
    const entry = registry.throwaway_notice!;
    expect(entry.Component).toBe(ThrowawayNotice);
    expect(v.safeParse(entry.schema, story.body[0]).success).toBe(true);
    expect(renderToString(<entry.Component blok={story.body[0]} />)).toContain("Gates open at 19:00");
  });

  it("is found in its own module, which the browser loads as a chunk of its own", () => {
    expect(blokModulePath("throwaway_notice")).toBe("./throwaway-notice.tsx");
    expect(blokRoot("throwaway_notice")).toBe(".blok-throwaway-notice");
  });

  it("sends its messages with a page that holds it, and to every preview", () => {
    expect(storyMessages(story, false, registry)).toEqual(["PAGES.MORE"]);
    expect(storyMessages({ component: "page", _uid: "p" }, true, registry)).toContain("PAGES.MORE");
  });

  it("inlines its stylesheet parts on a page that holds it", () => {
    const context = new RouterContextProvider();
    requestStoryStyles(context, story, false, registry);
    expect(pageStylesheetFiles(context)).toContain("venue");
  });

  it("is a nestable component of the CMS model, allowed in page bodies", () => {
    const components = storyblokComponents(registry);
    const notice = components.find((component) => component.name === "throwaway_notice");
    expect(notice).toMatchObject({ is_root: false, is_nestable: true });
    expect(notice?.schema.note).toMatchObject({ type: "text", max_length: 80, required: true });
    const page = components.find((component) => component.name === "page");
    expect(page?.schema.body?.component_whitelist).toContain("throwaway_notice");
  });

  it("is refused when only one of the two steps is done", () => {
    expect(() => createBlokRegistry(manifest, siteModules)).toThrow("throwaway-notice.tsx must export");
    expect(() => createBlokRegistry(BLOK_KINDS, modules)).toThrow("Not in bloks/manifest.ts: ./throwaway-notice.tsx");
  });
});
