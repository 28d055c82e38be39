import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  authPaths,
  eventPaths,
  LANGS,
  notFoundPath,
  signInAsDemo,
  sitemapPaths,
  stayLocal,
  type Lang,
} from "./site-pages";

/**
 * Layout checks in Chromium at a phone and a desktop size, over the pages the e2e walk
 * visits (site-pages.ts), in es, en and val: no horizontal overflow, a compact header on phones,
 * tap targets of at least 24×24 px (WCAG 2.2, 2.5.8; inline links in a sentence are exempt), no
 * clipped text in buttons, navigation links and cards, no heading word broken across two lines,
 * buttons side by side of one height, icons drawn (inline SVG at their size), and the header's account entry for a visitor
 * and for the signed-in demo member. Axe (contrast included) runs in walk.spec.ts, not here; open
 * menus, forms with errors and the first screen are checked in layout-states.spec.ts.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const NARROW = { width: 320, height: 640 };
const HEADER_MAX_PHONE = 64;
const MIN_TARGET = 24;

/** Home, the event list, an event and its ticket page, a content page of each URL depth, contact, login, 404. */
async function pagesOf(page: Page, origin: string, lang: Lang): Promise<string[]> {
  const sitemap = await sitemapPaths(origin, lang);
  const events = await eventPaths(page, lang);
  expect(events.length).toBeGreaterThan(0);
  const content = sitemap.filter((path) => !/\/(events|contact)\/$/.test(path) && path !== `/${lang}/`);
  const oneOfEachDepth = [...new Map(content.map((path) => [path.split("/").length, path])).values()];
  return [
    `/${lang}/`,
    `/${lang}/events/`,
    ...events,
    ...oneOfEachDepth,
    ...sitemap.filter((path) => path.endsWith("/contact/")),
    authPaths(lang)[0] ?? "",
    notFoundPath(lang),
  ];
}

/** Everything wrong with the layout of the page now shown, as readable lines. */
async function layoutProblems(page: Page, phone: boolean): Promise<string[]> {
  return page.evaluate(
    ({ phone, headerMax, minTarget }) => {
      const problems: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > window.innerWidth)
        problems.push(`horizontal overflow: ${root.scrollWidth} > ${window.innerWidth}`);
      const header = document.querySelector("header.site-header");
      if (!header) problems.push("no header.site-header");
      else if (phone && header.getBoundingClientRect().height > headerMax)
        problems.push(`header ${header.getBoundingClientRect().height} px high`);
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ").join(".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && el.checkVisibility?.() !== false;
      };
      const visuallyHidden = (el: Element) => {
        const style = getComputedStyle(el);
        return (
          style.clip === "rect(0px, 0px, 0px, 0px)" ||
          style.clipPath === "inset(50%)" ||
          el.getBoundingClientRect().width <= 1
        );
      };
      /** A link inside a sentence: its parent paragraph or list item holds other text too (2.5.8 "inline"). */
      const inline = (el: Element) => {
        const parent = el.parentElement;
        if (
          !parent ||
          !["P", "LI", "SPAN", "STRONG", "EM", "SMALL", "DD", "TD", "FIGCAPTION", "LABEL"].includes(parent.tagName)
        )
          return false;
        const block = el.closest("p, li, dd, td, figcaption, label") ?? parent;
        return (block.textContent ?? "").trim().length > (el.textContent ?? "").trim().length;
      };
      const scopes = [...document.querySelectorAll("header.site-header, footer, main")];
      for (const el of scopes.flatMap((scope) => [...scope.querySelectorAll("a[href], button")])) {
        if (!visible(el) || visuallyHidden(el) || (el.tagName === "A" && inline(el))) continue;
        const box = el.getBoundingClientRect();
        if (box.width < minTarget - 0.5 || box.height < minTarget - 0.5)
          problems.push(`target ${Math.round(box.width)}×${Math.round(box.height)}: ${describe(el)}`);
      }
      const clippable = [...document.querySelectorAll("button, nav a, .button")];
      for (const el of clippable) {
        if (!visible(el) || visuallyHidden(el)) continue;
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== "inline")
          problems.push(`clipped text ${el.scrollWidth} > ${el.clientWidth}: ${describe(el)}`);
      }
      // Cards clip their overflow (rounded corners): nothing inside may reach past their edges.
      for (const card of document.querySelectorAll(".card, .event-card, .ticket-card, .surface-card")) {
        if (!visible(card)) continue;
        const edge = card.getBoundingClientRect();
        for (const inner of card.querySelectorAll("*")) {
          if (!visible(inner) || visuallyHidden(inner)) continue;
          const box = inner.getBoundingClientRect();
          if (box.left < edge.left - 1 || box.right > edge.right + 1)
            problems.push(`clipped in a card: ${describe(inner)} in ${describe(card)}`);
        }
      }
      // A heading breaks between words, never inside one ("d'esdevenimen-ts" at 320 px).
      for (const heading of document.querySelectorAll("main :is(h1, h2, h3), .site-menu a")) {
        if (!visible(heading)) continue;
        const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (const word of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) problems.push(`word broken across lines: "${word[0]}" in ${describe(heading)}`);
          }
        }
      }
      // Buttons side by side in one group (a row of actions) have one height.
      const buttons = [...document.querySelectorAll(".button")].filter((el) => visible(el) && !visuallyHidden(el));
      const groupOf = (el: Element) => {
        const parent = el.parentElement;
        return parent?.tagName === "LI" ? parent.parentElement : parent;
      };
      for (const [index, first] of buttons.entries()) {
        for (const second of buttons.slice(index + 1)) {
          if (groupOf(first) !== groupOf(second)) continue;
          const [a, b] = [first.getBoundingClientRect(), second.getBoundingClientRect()];
          const sameRow = a.bottom > b.top && b.bottom > a.top;
          if (sameRow && Math.abs(a.height - b.height) > 1)
            problems.push(
              `buttons of ${Math.round(a.height)} and ${Math.round(b.height)} px side by side: ${describe(first)}, ${describe(second)}`,
            );
        }
      }
      // Icons are inline SVG: a control that shows one has it drawn at its size, not squeezed.
      const iconControls =
        ".social-link, .store-link, .header-button--search, .header-button--menu, .header-button--close";
      for (const control of document.querySelectorAll(iconControls)) {
        if (!visible(control)) continue;
        const box = control.querySelector("svg.icon")?.getBoundingClientRect();
        if (!box || box.width < 16 || box.height < 16) problems.push(`icon not drawn: ${describe(control)}`);
      }
      return problems;
    },
    { phone, headerMax: HEADER_MAX_PHONE, minTarget: MIN_TARGET },
  );
}

/**
 * Renders the page in the web font (Archivo, wider than its metric-matched fallback): every page
 * declares it with `swap` (app/lib/site-font.ts), so on a busy machine the check could run before
 * the file is in. Declared again with `block`, the file the page preloads is awaited.
 */
async function useWebFont(page: Page) {
  const href = await page.evaluate(
    () => /"(\/assets\/archivo[\w-]*\.woff2)"/.exec(document.documentElement.innerHTML)?.[1],
  );
  expect(href).toBeTruthy();
  await page.addStyleTag({
    content: `@font-face{font-family:Archivo;font-weight:100 900;font-display:block;src:url("${href}") format("woff2")}`,
  });
  await page.evaluate(async () => {
    await document.fonts.load("400 16px Archivo");
    await document.fonts.ready;
  });
}

async function checkPages(page: Page, paths: string[], phone: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await useWebFont(page);
    for (const problem of await layoutProblems(page, phone)) problems.push(`${path}: ${problem}`);
  }
  return problems;
}

async function accountEntry(page: Page) {
  const link = page.locator("header.site-header a.account-link");
  await expect(link).toHaveCount(1);
  return { href: await link.getAttribute("href"), text: ((await link.textContent()) ?? "").trim() };
}

for (const [name, size] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  for (const lang of LANGS) {
    test(`${name} ${size.width}×${size.height} layout in ${lang}`, async ({ page, baseURL, messages }) => {
      const nav = messages[lang].NAV;
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      const origin = baseURL ?? "";
      await stayLocal(page, origin);
      const paths = await pagesOf(page, origin, lang);
      const problems = await checkPages(page, paths, size === PHONE);

      // The account entry: "sign in" for a visitor, "my account" with the initial for the member.
      await page.goto(`/${lang}/`);
      expect(await accountEntry(page)).toEqual({ href: `/${lang}/login/`, text: nav.SIGN_IN });
      await signInAsDemo(page, lang);
      await page.goto(`/${lang}/`);
      const member = await accountEntry(page);
      expect(member.href).toBe(`/${lang}/dashboard/`);
      expect(member.text).toMatch(new RegExp(`^\\p{Lu}\\s*${nav.MY_ACCOUNT}$`, "u"));
      problems.push(...(await checkPages(page, [`/${lang}/dashboard/`], size === PHONE)));

      if (size === PHONE) {
        await page.setViewportSize(NARROW);
        const narrow = [`/${lang}/`, `/${lang}/events/`, paths.find((path) => /\/event\/[^/]+\/$/.test(path)) ?? ""];
        narrow.push(...paths.filter((path) => path.endsWith("/contact/")));
        for (const problem of await checkPages(page, narrow, false)) problems.push(`320 px ${problem}`);
      }
      expect(problems).toEqual([]);
    });
  }
}

test("the header fits at every laptop width in every language (the full menu only from 80rem)", async ({ page }) => {
  const overflows: string[] = [];
  for (const lang of LANGS) {
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.goto(`/${lang}/`);
    // Around the header's breakpoint, where the full menu appears (a 1536 px laptop at 125 % is 1229 px).
    for (let width = 1100; width <= 1400; width += 20) {
      await page.setViewportSize({ width, height: 800 });
      const sticksOut = await page.evaluate(
        () =>
          document.documentElement.scrollWidth > innerWidth ||
          [...document.querySelectorAll(".site-header *")].some(
            (element) => element.checkVisibility() && element.getBoundingClientRect().right > innerWidth + 0.5,
          ),
      );
      if (sticksOut) overflows.push(`${lang} at ${width}px`);
    }
  }
  expect(overflows).toEqual([]);
});

// Elements skipped until they near the screen (content-visibility: auto) take a guessed height
// until then; a guess far off makes the scrollbar lie and the page jump as they render.
const SIZE_GUESSES = [
  { path: "/", selector: ".site-footer", tolerance: 0.06 },
  // A card's height also varies with its title's lines, hence the wider margin.
  { path: "/events/", selector: ".event-grid > li", tolerance: 0.15 },
];

for (const { path, selector, tolerance } of SIZE_GUESSES) {
  test(`the size guess of ${selector} is within ${tolerance * 100} % of its real height at every width`, async ({
    page,
  }) => {
    const misses: string[] = [];
    for (const lang of LANGS) {
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(`/${lang}${path}`);
      // The guess is read while the element is skipped; the real height with it rendered.
      for (let width = 320; width <= 1920; width += 16) {
        await page.setViewportSize({ width, height: 800 });
        const sizes = await page.evaluate((selector) => {
          const elements = [...document.querySelectorAll<HTMLElement>(selector)];
          const guesses = elements.map((element) =>
            parseFloat(getComputedStyle(element).containIntrinsicHeight.replace("auto", "")),
          );
          for (const element of elements) element.style.contentVisibility = "visible";
          const reals = elements.map((element) => element.getBoundingClientRect().height);
          for (const element of elements) element.style.contentVisibility = "";
          return guesses.map((guess, index) => ({ guess, real: reals[index] ?? 0 }));
        }, selector);
        expect(sizes.length).toBeGreaterThan(0);
        for (const [index, { guess, real }] of sizes.entries()) {
          if (Math.abs(guess - real) > real * tolerance)
            misses.push(`${lang} at ${width}px, #${index + 1}: guessed ${Math.round(guess)}, is ${Math.round(real)}`);
        }
      }
    }
    expect(misses).toEqual([]);
  });
}
