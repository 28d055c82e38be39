import { expect, test, type Locator, type Page } from "@playwright/test";

/** Only the Worker under test is reached: the embedded map is refused, not fetched. */
test.beforeEach(async ({ page, baseURL }) => {
  const local = new URL(baseURL ?? "").origin;
  await page.route(
    (url) => url.origin !== local,
    (route) => route.abort("blockedbyclient"),
  );
});

const scrollLeft = (track: Locator) => track.evaluate((element) => Math.round(element.scrollLeft));

/**
 * Waits for the scroll to settle (smooth scrolling moves it every frame) and returns the position:
 * the first that three frames in a row draw unchanged.
 */
function settledScroll(track: Locator): Promise<number> {
  return track.evaluate(
    (element) =>
      new Promise<number>((resolve) => {
        let last = -1;
        let same = 0;
        const frame = () => {
          const now = Math.round(element.scrollLeft);
          same = now === last ? same + 1 : 0;
          last = now;
          if (same === 2) resolve(now);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * The carousels' keys work once React has hydrated them, which happens when someone reaches for
 * them (bloks/hydration.ts): point at each one, then wait for it.
 */
async function hydrated(page: Page) {
  for (const carousel of await page.locator(".blok-cards-carousel .carousel, .blok-image-carousel .carousel").all()) {
    await carousel.hover();
    await expect(carousel).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  }
}

test("the cards carousel scrolls with the arrow keys, Home and End while focused", async ({ page }) => {
  await page.goto("/en/");
  await hydrated(page);
  const track = page.getByRole("list", { name: "Plan your visit" });
  await track.focus();
  await expect(track).toBeFocused();
  expect(await settledScroll(track)).toBe(0);
  await page.keyboard.press("ArrowRight");
  const afterOne = await settledScroll(track);
  expect(afterOne).toBeGreaterThan(0);
  await page.keyboard.press("End");
  const end = await settledScroll(track);
  expect(end).toBe(await track.evaluate((element) => element.scrollWidth - element.clientWidth));
  expect(end).toBeGreaterThanOrEqual(afterOne);
  const carousel = page.locator(".blok-cards-carousel");
  await expect(carousel.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(carousel.getByRole("button", { name: "Previous" })).toBeEnabled();
  await page.keyboard.press("ArrowLeft");
  expect(await settledScroll(track)).toBeLessThan(end);
  await page.keyboard.press("Home");
  expect(await settledScroll(track)).toBe(0);
  await expect(carousel.getByRole("button", { name: "Previous" })).toBeDisabled();
});

test("the image carousel moves with its buttons, reachable by keyboard", async ({ page }) => {
  await page.goto("/val/accessibility/");
  await hydrated(page);
  const gallery = page.locator(".blok-image-carousel");
  const track = gallery.getByRole("list", { name: "Un Arena per a tothom" });
  await expect(gallery.getByRole("img")).toHaveCount(3);
  const next = gallery.getByRole("button", { name: "Següent" });
  await next.focus();
  await page.keyboard.press("Enter");
  const first = await settledScroll(track);
  expect(first).toBeGreaterThan(0);
  await page.keyboard.press("Enter");
  expect(await settledScroll(track)).toBeGreaterThan(first);
  await gallery.getByRole("button", { name: "Anterior" }).click();
  expect(await settledScroll(track)).toBeLessThan(first + 1);
});

test.describe("under reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("carousels jump instead of scrolling smoothly", async ({ page }) => {
    await page.goto("/es/");
    await hydrated(page);
    const track = page.getByRole("list", { name: "Planifica tu visita" });
    expect(await track.evaluate((element) => getComputedStyle(element).scrollBehavior)).toBe("auto");
    await track.focus();
    await page.keyboard.press("End");
    // No animation: the final position is there at once.
    const end = await scrollLeft(track);
    expect(end).toBeGreaterThan(0);
    expect(await settledScroll(track)).toBe(end);
  });
});

/** The product field of a box chosen on its card: the box's name shown, its code submitted. */
async function expectChosenBox(form: Locator, box: string, name: string) {
  await expect(form.locator('select[name="interestedIn"]')).toHaveValue("boxes");
  const shown = form.locator('input[id$="-interestProduct"]');
  await expect(shown).toHaveValue(name);
  await expect(shown).toHaveAttribute("readonly", "");
  await expect(form.locator('input[name="interestProduct"]')).toHaveValue(box);
  await expect(form.locator('input[name="interestProduct"]')).toHaveAttribute("type", "hidden");
}

for (const [lang, apply, box, name] of [
  ["en", "Apply for 20-seat box", "box-20", "20-seat box"],
  ["es", "Solicitar Lounge Mediterráneo", "lounge", "Lounge Mediterráneo"],
  ["val", "Sol·licitar Llotja de 12 places", "box-12", "Llotja de 12 places"],
] as const) {
  test(`a box card's apply action opens the hospitality form with the box chosen by name (${lang})`, async ({
    page,
  }) => {
    await page.goto(`/${lang}/boxes/`);
    await hydrated(page);
    await page.getByRole("link", { name: apply }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/hospitality/\\?box=${box}$`));
    await expectChosenBox(page.locator(".blok-hospitality form"), box, name);
  });
}

test("the box choice also reaches the form on a full page load, without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/en/boxes/");
  const href = await page.getByRole("link", { name: "Apply for 12-seat box" }).getAttribute("href");
  expect(href).toBe("/en/hospitality/?box=box-12");
  await page.goto(href ?? "");
  await expectChosenBox(page.locator(".blok-hospitality form"), "box-12", "12-seat box");
  await context.close();
});

test("FAQ answers open and close from the keyboard", async ({ page }) => {
  await page.goto("/en/faq/");
  const question = page.getByText("When do the doors open?");
  const answer = page.getByText("90 minutes before the start, unless the event's page says otherwise.");
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
  await page.keyboard.press("Space");
  await expect(answer).toBeHidden();
});

test("the map on the getting-here page is titled, lazy and limited to its permissions", async ({ page }) => {
  await page.goto("/es/getting-here/");
  const map = page.locator("iframe");
  await expect(map).toHaveCount(1);
  await expect(map).toHaveAttribute("title", "Mapa del Arena Valencia y sus alrededores");
  await expect(map).toHaveAttribute("allow", "fullscreen; picture-in-picture");
  await expect(map).toHaveAttribute("referrerpolicy", "strict-origin-when-cross-origin");
  await expect(map).toHaveAttribute("loading", "lazy");
  await expect(map).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
});
