import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "./hydrated";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";

// Images outside the first screen wait for the visitor (app/lib/deferred-images.ts): a lazy image
// comes with an empty picture of its shape and gets its files once it is on screen, or near it
// once the visitor uses the page; a `<noscript>` copy serves browsers without scripts.

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

/** Collects the paths of the image files the page fetches from now on (not data: URLs). */
function fetchedImages(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "image" && url.protocol.startsWith("http")) paths.push(url.pathname);
  });
  return paths;
}

/** The lazy images shown: where each is in the page (not the screen), its size, and its state. */
const lazyImages = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>("img[loading=lazy]")]
      .filter((image) => image.checkVisibility())
      .map((image) => {
        const box = image.getBoundingClientRect();
        // The file drawn, or before that the one asked for; none while it shows the empty picture.
        const source = image.currentSrc || image.getAttribute("src") || "data:";
        return {
          top: Math.round(box.top + scrollY),
          width: Math.round(box.width),
          height: Math.round(box.height),
          onScreen: box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth,
          waiting: image.hasAttribute("data-src"),
          file: source.startsWith("data:") ? null : new URL(source, location.href).pathname,
          // Its own file, not the empty picture (complete at once).
          drawn: image.complete && image.naturalWidth > 0 && !source.startsWith("data:"),
        };
      }),
  );

/** Scrolls to the end of the page in steps, as a visitor reading it would. */
async function scrollThrough(page: Page) {
  for (let step = 0; step < 20; step += 1) {
    const atEnd = await page.evaluate(() => innerHeight + scrollY >= document.documentElement.scrollHeight - 2);
    if (atEnd) return;
    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => true);
  }
}

/**
 * Swipes a scrolled box to its end a slide at a time, with a frame between swipes, as a visitor
 * would: one jump to the end within a frame would skip the first slides before they were seen.
 */
async function swipeThrough(box: Locator) {
  for (let step = 0; step < 20; step += 1) {
    const atEnd = await box.evaluate(async (element) => {
      element.scrollBy({ left: element.clientWidth * 0.8, behavior: "instant" });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return element.scrollLeft + element.clientWidth >= element.scrollWidth - 2;
    });
    if (atEnd) return;
  }
}

async function openPage(browser: Browser, path: string, options: object) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await recordLayoutShifts(page);
  const fetched = fetchedImages(page);
  await page.goto(path);
  return { context, page, fetched };
}

test("a phone fetches no image below its first screen until the visitor uses the page; nothing moves when they arrive", async ({
  browser,
}) => {
  const { context, page, fetched } = await openPage(browser, "/es/", PHONE);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  // The home page's slider and cards are all below a phone's first screen.
  const before = await lazyImages(page);
  expect(before.length).toBeGreaterThan(10);
  expect(before.filter((image) => image.onScreen)).toEqual([]);
  expect(before.every((image) => image.waiting && image.file === null)).toBe(true);
  expect(fetched.filter((path) => path.startsWith("/images/"))).toEqual([
    expect.stringMatching(/^\/images\/events\/marea-alta-gira-mediterrania-\d+x\d+\.webp$/),
  ]);

  // The visitor scrolls the page and swipes through the slider: the images get their files as
  // they near the screen, at the size their box needs.
  const track = page.locator(".blok-upcoming-events .event-slider__track");
  await track.scrollIntoViewIfNeeded();
  await swipeThrough(track);
  await scrollThrough(page);
  await expect.poll(async () => (await lazyImages(page)).filter((image) => !image.drawn)).toEqual([]);
  const after = await lazyImages(page);
  expect(after.every((image) => !image.waiting && image.file !== null)).toBe(true);
  expect(after.find((image) => image.file?.includes("pep-soler"))?.file).toMatch(/-640x360\.webp$/);
  // Every box was the image's size from the start.
  expect(after.map(({ top, width, height }) => ({ top, width, height }))).toEqual(
    before.map(({ top, width, height }) => ({ top, width, height })),
  );
  expect(
    (await layoutShifts(page)).filter((shift) => shift.sources.some((source) => source.node.startsWith("img"))),
  ).toEqual([]);
  await context.close();
});

test("without scripts every image is there, in the same boxes", async ({ browser }) => {
  const withScripts = await openPage(browser, "/en/", PHONE);
  await waitForHydration(withScripts.page);
  const scripted = await lazyImages(withScripts.page);
  await withScripts.context.close();

  const { context, page } = await openPage(browser, "/en/", { ...PHONE, javaScriptEnabled: false });
  const plain = await lazyImages(page);
  // The copies in <noscript> are shown, with their files; the waiting images are not.
  expect(plain.every((image) => !image.waiting && image.file?.startsWith("/images/"))).toBe(true);
  expect(plain.map(({ top, width, height }) => ({ top, width, height }))).toEqual(
    scripted.map(({ top, width, height }) => ({ top, width, height })),
  );
  await scrollThrough(page);
  await expect.poll(async () => (await lazyImages(page)).filter((image) => !image.drawn)).toEqual([]);
  await context.close();
});

test("a wide screen fetches the images on its first screen without the visitor doing anything", async ({ browser }) => {
  const { context, page } = await openPage(browser, "/en/events/", DESKTOP);
  await page.waitForLoadState("networkidle");
  const images = await lazyImages(page);
  const onScreen = images.filter((image) => image.onScreen);
  expect(onScreen.length).toBeGreaterThan(0);
  await expect.poll(async () => (await lazyImages(page)).filter((image) => image.onScreen && !image.drawn)).toEqual([]);
  // Far below the screen, they still wait.
  expect(images.filter((image) => image.top > 900 + 1250).every((image) => image.waiting)).toBe(true);
  await context.close();
});

test("the images of a page reached by a client-side navigation get their files", async ({ browser }) => {
  const { context, page } = await openPage(browser, "/en/", PHONE);
  await waitForHydration(page);
  await page.goto("/en/about/");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Arena Valencia" }).click();
  await expect(page).toHaveURL(/\/en\/$/);
  // Rendered in the browser, not sent by the server: the slider's images still wait for the
  // screen, and get their files as the visitor (who has clicked) nears them.
  await page.locator(".blok-upcoming-events").scrollIntoViewIfNeeded();
  const slide = page.locator(".blok-upcoming-events .event-slider__slide img").first();
  await expect
    .poll(() =>
      slide.evaluate(
        (image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && !image.currentSrc.startsWith("data:"),
      ),
    )
    .toBe(true);
  await context.close();
});

test("printing gives every image its file", async ({ browser }) => {
  const { context, page } = await openPage(browser, "/es/", PHONE);
  await waitForHydration(page);
  expect((await lazyImages(page)).some((image) => image.waiting)).toBe(true);
  await page.evaluate(() => dispatchEvent(new Event("beforeprint")));
  await expect.poll(async () => (await lazyImages(page)).filter((image) => !image.drawn)).toEqual([]);
  await context.close();
});
