import { createContext, type RouterContextProvider } from "react-router";
import { blokRegistry, type BlokRegistry } from "#bloks/registry.server.ts";
import { kindsInStory } from "#bloks/story-kinds.ts";
import tokens from "#app/styles/tokens.css?inline";
import base from "#app/styles/base.css?inline";
import components from "#app/styles/components.css?inline";
import layout from "#app/styles/layout.css?inline";
import header from "#app/styles/header.css?inline";
import footer from "#app/styles/footer.css?inline";
import home from "#app/styles/home.css?inline";
import member from "#app/styles/member.css?inline";
import consent from "#app/styles/consent.css?inline";
import richText from "#app/styles/rich-text.css?inline";
import content from "#app/styles/content.css?inline";
import forms from "#app/styles/forms.css?inline";
import pages from "#app/styles/pages.css?inline";
import venue from "#app/styles/venue.css?inline";
import events from "#app/styles/events.css?inline";
import { ownValue } from "./own-keys";
import { perKey } from "./per-object";

/**
 * Each page inlines only the parts of the site's stylesheet it uses (docs/performance.md,
 * "A stylesheet per page"): the shell's (header, footer, consent, forms, text, cards and the
 * rest of the content blocks) always, and these only where the page shows them. The whole
 * stylesheet is ~46 kB; a content page without events or venue blocks needs ~28 kB of it.
 * The browser loads the whole file before its first client navigation, for the pages it goes
 * to next (root.tsx's `clientMiddleware`, app/lib/stylesheet.ts).
 */
export type StylePart = "home" | "member" | "venue" | "events";

/** The stylesheet's files in cascade order: the same order as app/app.css (app/lib/page-styles.test.ts). */
export const STYLESHEET_FILES: readonly { file: string; css: string; part: StylePart | "shell" }[] = [
  { file: "tokens", css: tokens, part: "shell" },
  { file: "base", css: base, part: "shell" },
  { file: "components", css: components, part: "shell" },
  { file: "layout", css: layout, part: "shell" },
  { file: "header", css: header, part: "shell" },
  { file: "footer", css: footer, part: "shell" },
  { file: "home", css: home, part: "home" },
  { file: "member", css: member, part: "member" },
  { file: "consent", css: consent, part: "shell" },
  { file: "rich-text", css: richText, part: "shell" },
  { file: "content", css: content, part: "shell" },
  { file: "forms", css: forms, part: "shell" },
  { file: "pages", css: pages, part: "shell" },
  { file: "venue", css: venue, part: "venue" },
  { file: "events", css: events, part: "events" },
];

export const ALL_STYLE_PARTS: readonly StylePart[] = ["home", "member", "venue", "events"];

/** The parts the loaders of one request asked for, when any did. */
const requestedParts = createContext<Set<StylePart> | null>(null);

function partsAsked(context: Readonly<RouterContextProvider>): Set<StylePart> {
  let parts = context.get(requestedParts);
  if (!parts) {
    parts = new Set();
    context.set(requestedParts, parts);
  }
  return parts;
}

/**
 * A screen's loader asks for the parts it shows whatever its content (the event pages, the
 * member screens), first thing, so its error page has them too.
 */
export function requestStyles(context: Readonly<RouterContextProvider>, parts: readonly StylePart[]): void {
  const asked = partsAsked(context);
  for (const part of parts) asked.add(part);
}

/**
 * A loader that renders story content (a page's blocks, rich text with embedded blocks) asks for
 * the stylesheet parts of the blocks it holds, as each kind declares them (bloks/definition.ts);
 * a preview gets them all, as the editor may add any block while the page is open.
 */
export function requestStoryStyles(
  context: Readonly<RouterContextProvider>,
  story: unknown,
  preview = false,
  registry: BlokRegistry = blokRegistry,
): void {
  if (preview) return requestStyles(context, ALL_STYLE_PARTS);
  for (const kind of kindsInStory(story)) requestStyles(context, ownValue(registry, kind)?.styles ?? []);
}

/** The parts a page shows beyond the shell's, as its loaders asked. */
function partsOf(context: Readonly<RouterContextProvider>): StylePart[] {
  const parts = context.get(requestedParts);
  return ALL_STYLE_PARTS.filter((part) => parts?.has(part));
}

function filesOf(parts: readonly StylePart[]) {
  return STYLESHEET_FILES.filter(({ part }) => part === "shell" || parts.includes(part));
}

/** The files of the stylesheet a page inlines, in cascade order. */
export function pageStylesheetFiles(context: Readonly<RouterContextProvider>): readonly string[] {
  return filesOf(partsOf(context)).map(({ file }) => file);
}

/** Stylesheets by the parts they hold: a handful of combinations per isolate. */
const stylesheets = perKey<string>(32);

/** The stylesheet a page inlines: the shell's parts, and those its loaders asked for. */
export function pageStylesheet(context: Readonly<RouterContextProvider>): string {
  const parts = partsOf(context);
  return stylesheets(parts.join(), () =>
    filesOf(parts)
      .map(({ css }) => css)
      .join(""),
  );
}
