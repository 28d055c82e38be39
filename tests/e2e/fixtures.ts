import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import type Messages from "#locales/es.json";
import { signInAsDemo, type Lang } from "./site-pages";

export { expect };

/** One language's messages (locales/<lang>.json), typed by the default locale's keys. */
export type SiteMessages = typeof Messages;

/** Axe's rule sets the site promises: WCAG 2.0 and 2.1 A and AA, and WCAG 2.2 AA. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** Time one axe analysis adds to its test's budget. */
const AXE_MS = 15_000;

interface Fixtures {
  /** A page with the seeded demo member signed in through the English login, on their dashboard. */
  member: Page;
  /**
   * Runs axe on the current page (or only inside `include`, a CSS selector) and fails the test,
   * listing each rule and the elements it found, if anything violates {@link WCAG}.
   */
  axe: (include?: string) => Promise<void>;
}

interface WorkerFixtures {
  /** Every language's messages (locales/<lang>.json), typed by the default locale's keys. */
  messages: Record<Lang, SiteMessages>;
}

/** Playwright's `test` with the site's fixtures; specs import `test` and `expect` from here. */
export const test = base.extend<Fixtures, WorkerFixtures>({
  messages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const read = (lang: Lang): SiteMessages => JSON.parse(readFileSync(`locales/${lang}.json`, "utf8"));
      await use({ es: read("es"), en: read("en"), val: read("val") });
    },
    { scope: "worker" },
  ],
  member: async ({ page }, use) => {
    await signInAsDemo(page);
    await use(page);
  },
  axe: async ({ page }, use, testInfo) => {
    await use(async (include) => {
      // An analysis takes seconds on a loaded machine: each one brings its own time with it.
      testInfo.setTimeout(testInfo.timeout + AXE_MS);
      const builder = new AxeBuilder({ page }).withTags(WCAG);
      const results = await (include ? builder.include(include) : builder).analyze();
      const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(found, `axe on ${page.url()}`).toEqual([]);
    });
  },
});
