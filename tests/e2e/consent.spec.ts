import { expect, test } from "./fixtures";
import { banner, BANNER_TIMEOUT, FIRST_VISIT, settingsDialog, storedChoice } from "./consent-helpers";
import { configuredSite, ONE_PROVIDER } from "./configured-site";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { consentRuntimeRunning, painted } from "./settled";

// The consent manager on a site with something to consent to (one provider configured, served by
// the stand-in; the default site asks nothing: consent-default.spec.ts): timing, placement on a
// phone, keyboard and screen readers, each way of deciding, withdrawal, the settings page without
// JavaScript, the update prompt.
const site = await configuredSite(ONE_PROVIDER);
test.beforeAll(async () => {
  test.setTimeout(240_000);
  await site.start();
});
test.afterAll(() => site.stop());
test.use({ ...FIRST_VISIT, baseURL: site.origin });

test("the banner appears 1500 ms after the page became interactive, not before, and shifts nothing", async ({
  page,
}) => {
  await recordLayoutShifts(page);
  await page.addInitScript(() => {
    const w = window as unknown as { bannerAt?: number };
    new MutationObserver(() => {
      if (w.bannerAt === undefined && document.querySelector(".consent-banner")) w.bannerAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto("/en/");
  await expect(banner(page)).toBeVisible(BANNER_TIMEOUT);
  const { bannerAt, interactive } = await page.evaluate(() => ({
    bannerAt: (window as unknown as { bannerAt: number }).bannerAt,
    // Scripts (and so hydration) run after this moment: a lower bound of "interactive".
    interactive: performance.getEntriesByType("navigation")[0]!.toJSON().domInteractive as number,
  }));
  expect(bannerAt - interactive).toBeGreaterThanOrEqual(1500);
  // Whatever the page itself does while loading, the banner's arrival moves nothing.
  await painted(page);
  const shifts = await layoutShifts(page);
  expect(
    shifts.filter((shift) => shift.startTime >= bannerAt - 50),
    JSON.stringify(shifts),
  ).toEqual([]);
  await expect(banner(page).getByRole("heading", { name: "Your privacy" })).toBeVisible();
  // Equal prominence: the three choices look the same.
  const buttons = banner(page).getByRole("button");
  await expect(buttons).toHaveText(["Accept all", "Reject all", "Configure"]);
  const looks = await buttons.evaluateAll((elements) =>
    elements.map((el) => {
      const style = getComputedStyle(el);
      return [style.backgroundColor, style.color, style.fontSize, style.fontWeight, el.getBoundingClientRect().height];
    }),
  );
  expect(new Set(looks.map((l) => JSON.stringify(l))).size).toBe(1);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true });

  test("the banner is never the page's largest contentful paint", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { lcp: string[] };
      w.lcp = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const element = (entry as unknown as { element: Element | null }).element;
          w.lcp.push(element?.closest(".consent-banner") ? "banner" : (element?.tagName ?? "?"));
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    // The event list's largest element is a paragraph of text: the closest call.
    for (const path of ["/es/events/", "/val/events/", "/en/events/"]) {
      await page.goto(path);
      await expect(banner(page)).toBeVisible(BANNER_TIMEOUT);
      await painted(page);
      expect(await page.evaluate(() => (window as unknown as { lcp: string[] }).lcp), path).not.toContain("banner");
    }
  });
});

test.describe("on a 390 × 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the banner leaves the first screen's buy button visible and usable, in every language", async ({ page }) => {
    for (const [lang, buy] of [
      ["es", "Comprar entradas"],
      ["en", "Buy tickets"],
      ["val", "Compra entrades"],
    ] as const) {
      await page.context().clearCookies();
      await page.goto(`/${lang}/`);
      await expect(banner(page)).toBeVisible(BANNER_TIMEOUT);
      const cta = page.locator("main").getByRole("link", { name: buy }).first();
      const [ctaBox, bannerBox] = [await cta.boundingBox(), await banner(page).boundingBox()];
      if (!ctaBox || !bannerBox) throw new Error(`${lang}: no box for the buy button or the banner`);
      // On the first screen, and wholly above the banner.
      expect(ctaBox.y + ctaBox.height, lang).toBeLessThanOrEqual(bannerBox.y);
      expect(ctaBox.y, lang).toBeGreaterThanOrEqual(0);
      // What a tap on the button's middle hits is the button, not the banner.
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("a")?.textContent ?? "", {
        x: ctaBox.x + ctaBox.width / 2,
        y: ctaBox.y + ctaBox.height / 2,
      });
      expect(hit.trim(), lang).toContain(buy);
    }
  });

  test("the banner's focus, taken to be announced, is the design's focus style, not a thick ring", async ({ page }) => {
    await page.goto("/en/");
    await expect(banner(page)).toBeFocused(BANNER_TIMEOUT);
    const focus = await banner(page).evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(focus.style === "none" || focus.width <= 2, JSON.stringify(focus)).toBe(true);
    // Its buttons show the site's keyboard focus ring.
    await page.keyboard.press("Tab");
    const button = banner(page).getByRole("button", { name: "Accept all" });
    await expect(button).toBeFocused();
    const ring = await button.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(ring).not.toBe("none");
  });
});

test("keyboard and screen readers: focus moves in, Configure opens a dialog, Escape closes it; axe clean", async ({
  page,
  axe,
}) => {
  await page.goto("/es/");
  await expect(banner(page)).toBeVisible(BANNER_TIMEOUT);
  // Nobody was using the page: the banner took focus, so it is announced.
  await expect(banner(page)).toBeFocused();
  await axe();
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: "Aceptar todas" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const configure = banner(page).getByRole("button", { name: "Configurar" });
  await expect(configure).toBeFocused();
  await page.keyboard.press("Enter");

  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Configuración de cookies" })).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: /Necesarias/ })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /Necesarias/ })).toBeDisabled();
  for (const name of ["Preferencias", "Analítica", "Publicidad"])
    await expect(dialog.getByRole("checkbox", { name })).not.toBeChecked();
  await expect(dialog.getByText("Nos permiten contar las visitas")).toBeVisible();
  // Focus is inside the modal dialog.
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await axe();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(configure).toBeFocused();
  // Closing the dialog is not a decision: the banner stays and nothing was stored.
  await expect(banner(page)).toBeVisible();
  expect(await storedChoice(page.context())).toBeNull();
});

test("a decision by keyboard leaves focus in the page, not back at its top", async ({ page }) => {
  await page.goto("/en/");
  await expect(banner(page)).toBeFocused(BANNER_TIMEOUT);
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: "Accept all" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeHidden();
  await expect(page.locator("main#main")).toBeFocused();
});

test("a decision in the settings dialog: focus goes to the page, or back to the link that opened it", async ({
  page,
}) => {
  await page.goto("/en/");
  await banner(page).getByRole("button", { name: "Configure" }).click(BANNER_TIMEOUT);
  await settingsDialog(page).getByRole("button", { name: "Save my choice" }).press("Enter");
  await expect(settingsDialog(page)).toBeHidden();
  // "Configure" went with the banner: focus is in the page's main content.
  await expect(page.locator("main#main")).toBeFocused();

  const link = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
  await link.focus();
  await page.keyboard.press("Enter");
  await settingsDialog(page).getByRole("button", { name: "Reject all" }).press("Enter");
  await expect(settingsDialog(page)).toBeHidden();
  await expect(link).toBeFocused();
});

test("accept all: stored with the policy version and date, and not asked again", async ({ page }) => {
  await page.goto("/en/");
  await banner(page).getByRole("button", { name: "Accept all" }).click(BANNER_TIMEOUT);
  await expect(banner(page)).toBeHidden();
  const cookie = (await page.context().cookies()).find((c) => c.name === "consent")!;
  expect(cookie.value).toMatch(/^1\.111\.\d{4}-\d{2}-\d{2}\.[0-9a-f-]{36}$/);
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  await page.goto("/en/events/");
  await consentRuntimeRunning(page);
  await expect(banner(page)).toHaveCount(0);
});

test("reject all is one click, like accepting", async ({ page }) => {
  await page.goto("/val/");
  await banner(page).getByRole("button", { name: "Rebutjar-les totes" }).click(BANNER_TIMEOUT);
  await expect(banner(page)).toBeHidden();
  expect(await storedChoice(page.context())).toBe("000");
});

test("configure a choice, then change and withdraw it from the footer's Cookie settings on another page", async ({
  page,
}) => {
  await page.goto("/en/");
  await banner(page).getByRole("button", { name: "Configure" }).click(BANNER_TIMEOUT);
  await settingsDialog(page).getByRole("checkbox", { name: "Analytics" }).check();
  await settingsDialog(page).getByRole("button", { name: "Save my choice" }).click();
  await expect(settingsDialog(page)).toBeHidden();
  await expect(banner(page)).toBeHidden();
  expect(await storedChoice(page.context())).toBe("010");

  // Another page, client-side: the footer link reopens the settings with the stored choice.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(/\/en\/events\/$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  const dialog = settingsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Analytics" }).uncheck();
  await dialog.getByRole("checkbox", { name: "Preferences" }).check();
  await dialog.getByRole("button", { name: "Save my choice" }).click();
  await expect(dialog).toBeHidden();
  expect(await storedChoice(page.context())).toBe("100");
  expect(page.url()).toMatch(/\/en\/events\/$/);

  // Withdrawing everything is as easy: one button.
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await settingsDialog(page).getByRole("button", { name: "Reject all" }).click();
  await expect(settingsDialog(page)).toBeHidden();
  expect(await storedChoice(page.context())).toBe("000");
});

test("a decision under an older policy version is asked again", async ({ page, context, baseURL }) => {
  await context.addCookies([
    { name: "consent", value: "0.111.2025-01-01.00000000-0000-4000-8000-000000000000", url: baseURL! },
  ]);
  await page.goto("/es/");
  await expect(banner(page)).toBeVisible(BANNER_TIMEOUT);
});

test("an error saving the choice is said, and nothing is stored", async ({ page }) => {
  await page.route("**/api/consent", (route) => route.fulfill({ status: 503, body: "{}" }));
  await page.goto("/en/");
  await banner(page).getByRole("button", { name: "Accept all" }).click(BANNER_TIMEOUT);
  await expect(banner(page).getByRole("alert")).toHaveText("Your choice could not be saved. Please try again.");
  expect(await storedChoice(page.context())).toBeNull();
});

test("the settings page is axe clean and shows the stored choice", async ({ page, context, baseURL, axe }) => {
  await context.addCookies([
    { name: "consent", value: "1.011.2026-11-20.00000000-0000-4000-8000-000000000001", url: baseURL! },
  ]);
  await page.goto("/en/cookie-settings/");
  await expect(page.getByText("Your current choice dates from November 20, 2026.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Advertising" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Preferences" })).not.toBeChecked();
  await axe();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer link leads to the settings page, whose plain form saves the choice", async ({ page }) => {
    await page.goto("/val/");
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole("contentinfo").getByRole("link", { name: "Configuració de galetes" }).click();
    await expect(page).toHaveURL(/\/val\/cookie-settings\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Configuració de galetes" })).toBeVisible();
    await page.getByRole("checkbox", { name: "Preferències" }).check();
    await page.getByRole("button", { name: "Guardar la meua elecció" }).click();
    await expect(page).toHaveURL(/\/val\/cookie-settings\/\?saved=1$/);
    await expect(page.getByRole("status")).toHaveText("Hem guardat la teua elecció.");
    await expect(page.getByRole("checkbox", { name: "Preferències" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Analítica" })).not.toBeChecked();
    expect(await storedChoice(page.context())).toBe("100");

    // Withdrawal, the same way.
    await page.getByRole("button", { name: "Rebutjar-les totes" }).click();
    await expect(page.getByRole("checkbox", { name: "Preferències" })).not.toBeChecked();
    expect(await storedChoice(page.context())).toBe("000");
  });
});

test("a tab open across a deploy offers a reload, checking only when visible", async ({ page, axe }) => {
  let versionRequests = 0;
  let deployed = false;
  await page.route("**/version.json", async (route) => {
    versionRequests += 1;
    if (!deployed) return route.continue();
    await route.fulfill({ json: { id: "a-newer-build" }, headers: { "Cache-Control": "no-store" } });
  });
  await page.goto("/en/");
  await banner(page).getByRole("button", { name: "Reject all" }).click(BANNER_TIMEOUT);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));

  // The same build answers: nothing to offer.
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect.poll(() => versionRequests).toBe(1);
  await expect(page.getByRole("status")).toHaveCount(0);

  // A deploy happens under the running page; the next check (after its minimum gap) finds it.
  deployed = true;
  await page.clock.install();
  await page.clock.fastForward(31_000);
  // Never while hidden: the check would call fetch within the event's dispatch.
  const fetchedWhileHidden = await page.evaluate(() => {
    const calls: string[] = [];
    const fetch = window.fetch;
    window.fetch = (...args) => (calls.push(String(args[0])), fetch(...args));
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    document.dispatchEvent(new Event("visibilitychange"));
    window.fetch = fetch;
    return calls;
  });
  expect(fetchedWhileHidden).toEqual([]);
  expect(versionRequests).toBe(1);
  await page.evaluate(() => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => false });
    window.dispatchEvent(new Event("focus"));
  });
  const notice = page.getByRole("status");
  await expect(notice).toContainText("A new version of the site is available.");
  await axe(".update-notice");
  await notice.getByRole("button", { name: "Reload" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { marker?: boolean }).marker ?? false)).toBe(false);
});
