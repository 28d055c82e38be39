import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Labels the walk needs, per language (the same strings visitors read). */
const LANGS = {
  es: {
    comedy: "Comedia",
    search: "Buscar eventos",
    searchButton: "Buscar",
    noResults: "Ningún resultado coincide con tu búsqueda",
    seeAll: "Ver todos los eventos",
    next: "Página siguiente",
    normal: ["marea-alta-gira-mediterrania", "Marea Alta: Gira Mediterrània", "Comprar entradas en el Arena"],
    soldOut: "Las entradas para este evento están agotadas.",
    comingSoon: "Las entradas saldrán a la venta próximamente.",
    past: "Este evento ya se ha celebrado.",
    buyNow: "Comprar entradas",
    noLink: "Evento sin enlace de compra",
    notFound: "Evento no encontrado",
  },
  en: {
    comedy: "Comedy",
    search: "Search events",
    searchButton: "Search",
    noResults: "No results match your search",
    seeAll: "See all events",
    next: "Next page",
    normal: ["marea-alta-gira-mediterrania", "Marea Alta: Mediterrània Tour", "Buy venue tickets"],
    soldOut: "Tickets for this event are sold out.",
    comingSoon: "Tickets go on sale soon.",
    past: "This event has already taken place.",
    buyNow: "Buy tickets",
    noLink: "Event without purchase link",
    notFound: "Event not found",
  },
  val: {
    comedy: "Comèdia",
    search: "Busca esdeveniments",
    searchButton: "Busca",
    noResults: "Cap resultat coincidix amb la teua busca",
    seeAll: "Mostra tots els esdeveniments",
    next: "Pàgina següent",
    normal: ["marea-alta-gira-mediterrania", "Marea Alta: Gira Mediterrània", "Compra entrades a l'Arena"],
    soldOut: "Les entrades per a este esdeveniment estan esgotades.",
    comingSoon: "Les entrades eixiran a la venda pròximament.",
    past: "Este esdeveniment ja s'ha celebrat.",
    buyNow: "Compra entrades",
    noLink: "Esdeveniment sense enllaç de compra",
    notFound: "No s'ha trobat l'esdeveniment",
  },
} as const;

const cards = (page: Page) => page.locator(".blok-events .event-card");

for (const [lang, l] of Object.entries(LANGS)) {
  test.describe(`events in ${lang}`, () => {
    test("the event list: filter, search, empty state and pages", async ({ page, axe }) => {
      await page.goto(`/${lang}/events/`);
      await expect(cards(page)).toHaveCount(9);
      await axe();

      await page.getByRole("navigation", { name: /./ }).getByRole("link", { name: l.comedy, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/events/\\?category=comedy$`));
      await expect(cards(page)).toHaveCount(3);

      await page.getByRole("main").getByLabel(l.search).fill("zzzz");
      await page.getByRole("button", { name: l.searchButton, exact: true }).click();
      await expect(page).toHaveURL(/category=comedy&search=zzzz/);
      const empty = page.locator(".blok-events .empty-state");
      await expect(empty).toContainText(l.noResults);
      await axe();
      // The empty view offers every event again, search and filters cleared.
      await empty.getByRole("link", { name: l.seeAll }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/events/$`));
      await expect(cards(page)).toHaveCount(9);

      await page.goto(`/${lang}/events/`);
      await page.getByRole("link", { name: l.next }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(cards(page)).toHaveCount(5);
    });

    test("event pages: on sale, sold out, coming soon and past", async ({ page, axe }) => {
      const [slug, name, buy] = l.normal;
      await page.goto(`/${lang}/event/${slug}/`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      await expect(page.getByRole("link", { name: buy })).toBeVisible();
      await axe();

      for (const [path, note] of [
        ["nora-vidal-en-directo", l.soldOut],
        ["the-night-owls", l.comingSoon],
        ["coro-gospel-de-valencia", l.past],
      ] as const) {
        await page.goto(`/${lang}/event/${path}/`);
        await expect(page.locator(".event-note")).toHaveText(note);
        await axe();
      }
    });

    test("ticket page: on sale, without purchase link, not found", async ({ page, axe }) => {
      const [slug, , buy] = l.normal;
      await page.goto(`/${lang}/event/${slug}/`);
      await page.getByRole("link", { name: buy }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/event/${slug}/tickets/$`));
      await expect(page.getByRole("link", { name: l.buyNow, exact: true })).toHaveAttribute(
        "href",
        `https://tickets.arena-valencia.example/${lang}/${slug}`,
      );
      await axe();

      await page.goto(`/${lang}/event/electro-horta-festival/tickets/`);
      await expect(page.locator(".ticket-page .event-note")).toContainText(l.noLink);
      await axe();

      const response = await page.goto(`/${lang}/event/no-such-event/tickets/`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(l.notFound);
      await axe();
    });
  });
}

test("the calendar file downloads from the event page", async ({ page }) => {
  await page.goto("/en/event/marea-alta-gira-mediterrania/");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  expect((await download).suggestedFilename()).toBe("marea-alta-gira-mediterrania.ics");
});

test("the search works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/en/events/");
  await page.getByRole("main").getByLabel("Search events").fill("nora");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/events\/\?search=nora$/);
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole("link", { name: "Concerts", exact: true }).click();
  await expect(page).toHaveURL(/\?category=concerts&search=nora$/);
  await context.close();
});

test.describe("upcoming events slider", () => {
  test("is keyboard operable: buttons, arrow keys and pause", async ({ page, axe }) => {
    await page.goto("/en/");
    const slider = page.locator(".blok-upcoming-events");
    await expect(slider.locator(".event-slider__slide")).toHaveCount(8);
    // The slider's code loads once it is half in view (bloks/hydration.ts); the pause button
    // appears once it has hydrated and knows motion is welcome.
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.getByRole("button", { name: "Pause automatic scrolling" })).toBeVisible({ timeout: 20_000 });
    const track = slider.locator(".event-slider__track");

    await slider.getByRole("button", { name: "Next events" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);

    // Arrow keys move focus from card to card; the track follows.
    await slider.locator(".event-slider__slide").first().getByRole("link").focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press("ArrowRight");
    await expect(slider.locator(".event-slider__slide").nth(4).getByRole("link")).toBeFocused();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

    const pause = slider.getByRole("button", { name: "Pause automatic scrolling" });
    await pause.focus();
    await page.keyboard.press("Space");
    await expect(pause).toHaveAttribute("aria-pressed", "true");
    await axe();
  });

  test("on a phone, each card tabbed to is shown whole, in the three languages", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const lang of ["es", "en", "val"]) {
      await page.goto(`/${lang}/`);
      const slider = page.locator(".blok-upcoming-events");
      const track = slider.locator(".event-slider__track");
      await slider.scrollIntoViewIfNeeded();
      await slider.locator(".event-slider__slide").first().getByRole("link").focus();
      // A phone shows one card and a peek of the next; Tab goes from card to card.
      for (let index = 1; index < 4; index += 1) {
        await page.keyboard.press("Tab");
        const slide = slider.locator(".event-slider__slide").nth(index);
        await expect(slide.getByRole("link")).toBeFocused();
        await expect
          .poll(
            async () => {
              const [shown, card] = await Promise.all([track.boundingBox(), slide.boundingBox()]);
              return shown && card ? card.x >= shown.x - 1 && card.x + card.width <= shown.x + shown.width + 1 : false;
            },
            `${lang}: slide ${index + 1} whole in view`,
          )
          .toBe(true);
      }
    }
    await context.close();
  });

  test("a phone fetches each slide's image at the slide's size, not the screen's", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    await page.goto("/en/");
    // The second: the first slide is the hero's event, whose larger file the browser has already.
    const image = page.locator(".blok-upcoming-events .event-slider__slide").nth(1).locator("img");
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.webp$/);
    // A slide is 288 px wide here: 504 device pixels, so the 640-pixel file (the 960 before).
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-640x360\.webp$/);
    await context.close();
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("does not move by itself and offers no autoplay", async ({ page }) => {
      await page.clock.install();
      await page.goto("/en/");
      const slider = page.locator(".blok-upcoming-events");
      await expect(slider.locator(".event-slider__slide")).toHaveCount(8);
      await expect(slider.getByRole("button", { name: "Pause automatic scrolling" })).toHaveCount(0);
      await page.clock.runFor(30_000);
      expect(await slider.locator(".event-slider__track").evaluate((el) => el.scrollLeft)).toBe(0);
    });
  });

  test("moves by itself without reduced motion, and stops when paused", async ({ page }) => {
    await page.clock.install();
    await page.goto("/en/");
    const slider = page.locator(".blok-upcoming-events");
    const track = slider.locator(".event-slider__track");
    // Once half in view, the slider's code loads; the pause button appears once it has hydrated.
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.getByRole("button", { name: "Pause automatic scrolling" })).toBeVisible({ timeout: 20_000 });
    await page.mouse.move(0, 0);
    await page.clock.runFor(6_500);
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await slider.getByRole("button", { name: "Pause automatic scrolling" }).click();
    // Neither hover nor focus holds it now: only the pause does.
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : null));
    await track.evaluate((el) => el.scrollTo({ left: 0, behavior: "instant" }));
    await page.clock.runFor(20_000);
    expect(await track.evaluate((el) => el.scrollLeft)).toBe(0);
  });
});

test("cards below the fold fetch their images only when they near the screen", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") fetched.push(new URL(request.url()).pathname);
  });
  await page.goto("/es/events/");
  await page.waitForLoadState("networkidle");
  const images = page.locator(".event-grid .event-card__image");
  expect(await images.count()).toBeGreaterThan(6);
  const last = images.last();
  // Every size of an event's image starts with its file stem: /images/events/<slug>-480x270.webp.
  // Its files wait in data- attributes until it nears the screen (app/lib/deferred-images.ts).
  const stem = ((await last.getAttribute("data-src")) ?? "").replace(/-\d+x\d+\.webp$/, "-");
  expect(stem).toMatch(/^\/images\/events\/.+-$/);
  const fetchedLast = () => fetched.some((file) => file.startsWith(stem));
  // The first card (the largest paint on a phone) is there at once; the last one is not fetched yet.
  await expect(images.first()).toHaveJSProperty("complete", true);
  expect(fetchedLast()).toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      last.evaluate(
        // Not the empty picture it shows while it waits, which is complete at once.
        (image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && !image.currentSrc.startsWith("data:"),
      ),
    )
    .toBe(true);
  expect(fetchedLast()).toBe(true);
});
