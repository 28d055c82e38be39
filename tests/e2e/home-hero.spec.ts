import { expect, test } from "./fixtures";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { painted } from "./settled";

// The home page opens with the next headline event from content (bloks/event-hero.tsx): its
// picture is the largest paint, served from a srcset at the right size, eager and fetched first.

const LANGS = ["es", "en", "val"] as const;

for (const lang of LANGS) {
  test(`${lang}: the hero shows the headline event with its date and a buy link; its image is the LCP`, async ({
    page,
    messages,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/${lang}/`);
    const hero = page.locator("main .event-hero");
    await expect(hero).toBeVisible();
    // The first block on the page.
    expect(await page.locator("main .blok-page > *").first().getAttribute("class")).toContain("event-hero");
    await expect(hero.locator("h2")).toHaveText(/Marea Alta/);
    await expect(hero.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT21:00:00\+01:00$/);

    const buy = hero.getByRole("link", { name: messages[lang].EVENTS.BUY_NOW, exact: true });
    await expect(buy).toHaveAttribute("href", `/${lang}/event/marea-alta-gira-mediterrania/tickets/`);

    const image = hero.locator("img");
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(image).toHaveAttribute("loading", "eager");
    await expect(image).toHaveAttribute("srcset", /-320x180\.webp 320w.*-1600x900\.webp 1600w/);
    await expect(image).toHaveAttribute("sizes", /100vw/);
    // A phone of DPR 1 at 390 px picks a file close to its width, not the 1600 px original.
    const chosen = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(chosen).toMatch(/-(480x270|640x360)\.webp$/);

    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[];
            resolve(entries.at(-1)?.element?.className ?? "");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(lcp).toContain("event-hero__image");
  });
}

test("the hero follows the venue highlights order: hero, upcoming events, highlights", async ({ page }) => {
  await page.goto("/en/");
  const classes = await page.locator("main .blok-page > *").evaluateAll((nodes) => nodes.map((n) => n.className));
  // Each block's outermost element is `.blok-<kind>` (its first class).
  expect(classes.slice(0, 3).map((c) => c.split(" ")[0])).toEqual([
    "blok-event-hero",
    "blok-upcoming-events",
    "blok-featured-cards",
  ]);
});

test("the hero's image never moves while the page loads (fonts, hydration)", async ({ page }) => {
  await recordLayoutShifts(page);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto("/es/");
    await page.waitForLoadState("networkidle");
    await painted(page);
    const imageMoves = (await layoutShifts(page))
      .flatMap((shift) => shift.sources)
      .filter((source) => /\bevent-hero__image\b/.test(source.node) && source.ownBoxChanged);
    expect(imageMoves).toEqual([]);
  }
});
