import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import appCss from "#app/app.css?raw";
import { pageStylesheetFiles, requestStoryStyles, requestStyles, STYLESHEET_FILES } from "./page-styles.server";

/** A request's context after its loaders asked for the styles of `story` (if any). */
function contextWith(story?: unknown, preview = false): RouterContextProvider {
  const context = new RouterContextProvider();
  if (story !== undefined) requestStoryStyles(context, story, preview);
  return context;
}

const page = (...body: object[]) => ({ component: "page", _uid: "p", body });

/** The shell's files: what every page inlines. */
const SHELL = STYLESHEET_FILES.filter(({ part }) => part === "shell").map(({ file }) => file);
const ALL = STYLESHEET_FILES.map(({ file }) => file);
/** The shell's files and these, in app.css's order. */
const shellAnd = (...files: string[]) => ALL.filter((file) => SHELL.includes(file) || files.includes(file));

describe("the stylesheet a page inlines (app/lib/page-styles.server.ts)", () => {
  it("holds the stylesheet's files in app.css's cascade order", () => {
    const imported = [...appCss.matchAll(/@import "\.\/styles\/([a-z-]+)\.css";/g)].map(([, file]) => file);
    expect(imported).toHaveLength(15);
    expect(ALL).toEqual(imported);
  });

  it("is the shell's part alone for a page of text and cards", () => {
    const files = pageStylesheetFiles(contextWith(page({ component: "text", _uid: "t" })));
    expect(files).toEqual(SHELL);
    expect(files).toContain("header");
    expect(files).toContain("forms");
  });

  it("adds the parts of the blocks a story holds, rich-text embeds included", () => {
    const hero = page({ component: "event_hero", _uid: "h" });
    expect(pageStylesheetFiles(contextWith(hero))).toEqual(shellAnd("home", "events"));

    const embedded = page({
      component: "text",
      _uid: "t",
      text: { type: "doc", content: [{ type: "blok", attrs: { body: [{ component: "restaurants", _uid: "r" }] } }] },
    });
    expect(pageStylesheetFiles(contextWith(embedded))).toEqual(shellAnd("venue"));
  });

  it("adds what a screen's loader asks for whatever its content, to a story's parts", () => {
    const context = new RouterContextProvider();
    requestStyles(context, ["member"]);
    expect(pageStylesheetFiles(context)).toEqual(shellAnd("member"));
    requestStoryStyles(context, page({ component: "restaurants", _uid: "r" }));
    requestStyles(context, ["events"]);
    expect(pageStylesheetFiles(context)).toEqual(shellAnd("member", "venue", "events"));
  });

  it("gives a preview every part, as the editor may add any block", () => {
    expect(pageStylesheetFiles(contextWith(page(), true))).toEqual(ALL);
  });

  it("ignores kinds it does not know, inherited names included", () => {
    const story = page(
      { component: "constructor", _uid: "c" },
      { component: "__proto__", _uid: "x" },
      { component: "nope", _uid: "n" },
    );
    expect(pageStylesheetFiles(contextWith(story))).toEqual(SHELL);
  });
});
