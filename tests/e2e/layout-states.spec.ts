import { type Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { eventPaths, LANGS, stayLocal } from "./site-pages";

/**
 * The states of the screens that a page load alone never shows, in Chromium at a phone and
 * a desktop size: the header's menus open (targets, one row per link, axe clean), the first screen
 * of the home and event pages (the way to buy is on it), a form's errors (every invalid control
 * marked, nothing covered by the sticky header) and the dashboard's current section in sight on
 * a phone. The page-load checks are in layout.spec.ts.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** A menu row is a comfortable tap target, not the 24 px minimum of a link in a sentence. */
const MENU_ROW_MIN = 40;

/** Each link of an open menu: its own row (as wide as the menu's list), tall enough to tap. */
async function menuRowProblems(menu: Locator): Promise<string[]> {
  await expect(menu).toBeVisible();
  return menu.locator("a").evaluateAll(
    (links, min) =>
      links.flatMap((link) => {
        const box = link.getBoundingClientRect();
        const row = (link.closest("li") ?? link.parentElement)?.getBoundingClientRect();
        const text = (link.textContent ?? "").trim();
        const problems: string[] = [];
        if (box.height < min) problems.push(`"${text}" is ${Math.round(box.height)} px high`);
        if (row && box.width < row.width - 1) problems.push(`"${text}" is narrower than its row`);
        return problems;
      }),
    MENU_ROW_MIN,
  );
}

for (const lang of LANGS) {
  test(`the phone menu and the language menu open, usable and axe clean, in ${lang}`, async ({ page, axe }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/${lang}/events/`);
    await page.locator(".header-button--menu").click();
    const menu = page.locator("#site-menu");
    expect(await menuRowProblems(menu.locator(".site-menu__links"))).toEqual([]);
    // The current section is marked in the menu too.
    await expect(menu.locator(".site-menu__links a.is-active")).toHaveCount(1);
    await axe("#site-menu");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.locator(".language-button").click();
    expect(await menuRowProblems(page.locator("#language-menu"))).toEqual([]);
    await axe("#language-menu");
  });

  test(`the phone menu keeps keyboard focus inside while open, and offers sign-in and the languages, in ${lang}`, async ({
    page,
    messages: { [lang]: messages },
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/${lang}/events/`);
    const button = page.locator(".header-button--menu");
    await button.hover();
    const menu = page.locator("#site-menu[data-hydrated]");
    await expect(menu).toBeAttached();
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    const close = menu.getByRole("button", { name: messages.NAV.CLOSE_MENU });
    await expect(close).toBeFocused();

    // The menu's own controls, the account and the other two languages included.
    await expect(menu.getByRole("link", { name: messages.NAV.SIGN_IN })).toHaveAttribute("href", `/${lang}/login/`);
    const languages = menu.getByRole("navigation", { name: messages.LANG.SWITCHER }).getByRole("link");
    await expect(languages).toHaveCount(2);
    const controls = await menu.locator("a[href], button, input").count();
    for (let step = 0; step < controls; step += 1) await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(languages.last()).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test(`the desktop header's "More", language and search panels open, usable and axe clean, in ${lang}`, async ({
    page,
    axe,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/${lang}/`);
    for (const [button, panel] of [
      [".site-nav__more", "#nav-more"],
      [".language-button", "#language-menu"],
    ] as const) {
      await page.locator(button).click();
      expect(await menuRowProblems(page.locator(panel))).toEqual([]);
      await axe(panel);
      await page.keyboard.press("Escape");
    }
    // Opening the search puts the cursor in its field, ready to type.
    await expect(page.locator("#header-search[data-hydrated]")).toBeAttached();
    await page.locator(".header-button--search").click();
    await expect(page.locator("#header-search input[type=search]")).toBeFocused();
    await axe("#header-search");
    await page.keyboard.type("zz");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/${lang}/events/\\?search=zz$`));
  });
}

test("the home's event slider shows whole cards on wider screens, none cut at the edge", async ({ page }) => {
  for (const width of [820, 1024, 1366, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/en/");
    const track = page.locator(".event-slider__track");
    await track.scrollIntoViewIfNeeded();
    const cut = await track.evaluate((element) => {
      const view = element.getBoundingClientRect();
      return [...element.querySelectorAll(".event-slider__slide")].flatMap((slide) => {
        const box = slide.getBoundingClientRect();
        const shown = Math.min(box.right, view.right) - Math.max(box.left, view.left);
        return shown > 0 && shown < box.width - 1 ? [`${Math.round(shown)} of ${Math.round(box.width)} px`] : [];
      });
    });
    expect({ width, cut }).toEqual({ width, cut: [] });
  }
});

test("the way to buy is on the first screen: the home hero (phone, desktop) and an event page (desktop)", async ({
  page,
  baseURL,
}) => {
  await stayLocal(page, baseURL ?? "");
  const [event] = await eventPaths(page, "val");
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto("/val/");
    const buy = page.locator(".event-hero__buy");
    expect((await buy.boundingBox())?.y ?? Infinity).toBeLessThan(size.height - 44);
  }
  await page.goto(event ?? "");
  const firstAction = page.locator(".event-page :is(.event-actions .button, .event-note)").first();
  const box = await firstAction.boundingBox();
  expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(DESKTOP.height);
});

test("a form's errors: every invalid control is marked red, and the error links land below the sticky header", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/es/contact/");
  const form = page.locator("main form").first();
  await expect(form.locator("button[type=submit]")).toBeEnabled();
  await form.locator("button[type=submit]").click();
  const invalid = form.locator("[aria-invalid=true]");
  await expect(invalid.first()).toBeVisible();
  const borders = await invalid.evaluateAll((controls) =>
    controls
      .filter((control) => !["checkbox", "radio"].includes((control as HTMLInputElement).type))
      .map((control) => `${getComputedStyle(control).borderTopWidth} ${getComputedStyle(control).borderTopColor}`),
  );
  expect(borders.length).toBeGreaterThan(0);
  expect(new Set(borders)).toEqual(new Set(["2px rgb(192, 34, 27)"]));

  // The summary's links are fragment links (#field): a field scrolled to the top of the window
  // (as the browser does for a fragment, with or without JavaScript) stays below the sticky header.
  const href = (await page.locator(".form-summary a").first().getAttribute("href")) ?? "";
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const field = page.locator(`[id="${href.slice(1)}"]`);
  await field.evaluate((element) => element.scrollIntoView());
  const header = await page.locator("header.site-header").boundingBox();
  const fieldBox = await field.boundingBox();
  expect(fieldBox?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
});

test("on a phone, the dashboard's current section tab is fully in sight in every language", async ({
  member: page,
}) => {
  await page.setViewportSize(PHONE);
  for (const lang of LANGS) {
    for (const section of ["", "events/", "user-information/", "settings/"]) {
      await page.goto(`/${lang}/dashboard/${section}`);
      const current = page.locator(".dashboard__nav [aria-current=page]");
      const box = await current.boundingBox();
      expect(box, `${lang} ${section}`).not.toBeNull();
      expect(box?.x ?? -1, `${lang} ${section}`).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? Infinity), `${lang} ${section}`).toBeLessThanOrEqual(PHONE.width);
    }
  }
});
