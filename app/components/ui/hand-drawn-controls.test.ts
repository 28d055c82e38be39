import { describe, expect, it } from "vitest";

// Every screen and block module, as source text.
const sources = {
  ...import.meta.glob<string>("/app/**/*.tsx", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("/bloks/**/*.tsx", { query: "?raw", import: "default", eager: true }),
};

/** The `button` class or one of its modifiers as a whole class name (not `header-button`). */
const BUTTON_CLASS = /(?<![\w-])button(?:--[\w-]+)?(?![\w-])/;

/** The string literals in each `className` attribute of a module: `"…"`, or quoted inside `{…}`. */
function classStrings(source: string): string[] {
  const values = [...source.matchAll(/className=(?:"([^"]*)"|\{([^}\n]*)\})/g)];
  return values.flatMap(([, plain, expression]) =>
    plain !== undefined
      ? [plain]
      : [...(expression ?? "").matchAll(/["'`]([^"'`]*)["'`]/g)].map(([, text = ""]) => text),
  );
}

describe("controls come from the design system", () => {
  it("scans the modules it means to", () => {
    expect(Object.keys(sources)).toContain("/app/components/forms/form-shell.tsx");
    expect(Object.keys(sources)).toContain("/bloks/venue/parking-calculator.tsx");
    expect(classStrings('<a className="button button--s" />')).toEqual(["button button--s"]);
    expect(classStrings('<a className={wide ? "card" : "button"} />')).toEqual(["card", "button"]);
  });

  it("no module outside app/components/ui writes the button classes by hand (Button or buttonClass draw them)", () => {
    const handWritten = Object.entries(sources)
      .filter(([path]) => !path.startsWith("/app/components/ui/") && !/\.test\.tsx$/.test(path))
      .flatMap(([path, source]) =>
        classStrings(source)
          .filter((classes) => BUTTON_CLASS.test(classes))
          .map((classes) => `${path}: ${classes}`),
      );
    expect(handWritten).toEqual([]);
  });
});
