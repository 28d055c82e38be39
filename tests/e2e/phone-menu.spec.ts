import { expect, test } from "./fixtures";
import { LANGS } from "./site-pages";

/**
 * The phone menu is a modal dialog to assistive technology and to the keyboard: a dialog with
 * a name, modal, the page behind inert, focus moved into it on opening and given back to the
 * menu button on closing. In Chromium at a phone's size, in each language, before its code has
 * loaded (the browser opens it: invoker commands) and after.
 */
const PHONE = { width: 390, height: 844 };

for (const lang of LANGS) {
  test(`the phone menu is a named modal dialog with the page behind inert, in ${lang}`, async ({
    page,
    axe,
    messages,
  }) => {
    const { NAV } = messages[lang];
    await page.setViewportSize(PHONE);
    await page.goto(`/${lang}/events/`);
    const button = page.getByRole("button", { name: NAV.MENU, exact: true });
    await expect(button).toHaveAttribute("aria-haspopup", "dialog");
    // Opened from the keyboard at once: the browser moves focus into it, whether or not the
    // header's code has arrived.
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: NAV.MENU });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    await expect(dialog.getByRole("button", { name: NAV.CLOSE_MENU })).toBeFocused();
    // The page behind takes no focus and no clicks.
    const behind = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>("main a[href]");
      link?.focus();
      return { found: link !== null, focused: document.activeElement === link };
    });
    expect(behind).toEqual({ found: true, focused: false });
    await axe();

    // Escape closes it; focus is back on the menu button.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // Once the header's code has loaded, Tab goes round the dialog and Close gives focus back too.
    await expect(page.locator("#site-menu[data-hydrated]")).toBeAttached();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole("button", { name: NAV.CLOSE_MENU });
    await expect(close).toBeFocused();
    const controls = await dialog.locator("a[href], button, input").count();
    for (let step = 0; step < controls; step += 1) await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
}

/**
 * The browser fires the dialog's `toggle` event a task after opening it, and input comes first:
 * a Tab pressed in between must not be undone by the menu's own "focus the first control" (on a
 * busy phone, a fast keyboard user's Tab was taken back and the focus ring went one step behind).
 * The Tab is made here inside the same task as the opening, which is the order a loaded device
 * can produce.
 */
test("a keystroke made before the menu announces its opening keeps its place", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/en/events/");
  // The header's code loads when the menu button is wanted.
  await page.getByRole("button", { name: "Menu", exact: true }).focus();
  await expect(page.locator("#site-menu[data-hydrated]")).toBeAttached();
  const focused = await page.evaluate(async () => {
    const dialog = document.getElementById("site-menu") as HTMLDialogElement;
    // Added after the menu's own listener, so it runs after it.
    const announced = new Promise((resolve) => dialog.addEventListener("toggle", resolve, { once: true }));
    dialog.showModal();
    document.getElementById("site-menu-search")?.focus();
    await announced;
    return document.activeElement?.id;
  });
  expect(focused).toBe("site-menu-search");
});
