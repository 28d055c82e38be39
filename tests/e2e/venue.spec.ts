import { expect, test } from "./fixtures";

/** What each language calls things on the venue pages (from locales/ and content/). */
const LANGS = [
  {
    lang: "es",
    menu: "Servicios del pabellón",
    restaurantsHeading: "Come y bebe en el Arena Valencia",
    hours: "Horario",
    gallery: "Galería de imágenes",
    all: "Todos los restaurantes",
    premium: "Patrocinadores premium",
    institutional: "Patrocinadores institucionales",
    jobs: "Trabaja con nosotros",
    apply: "Inscribirme",
    parking: "Aparcamiento",
    arrival: "Llegada",
    departure: "Salida",
    calculate: "Calcular",
    price: "Precio de tu estancia: 31,20 €",
    before: "La salida debe ser posterior a la llegada.",
  },
  {
    lang: "en",
    menu: "Services at the arena",
    restaurantsHeading: "Eat and drink at Arena Valencia",
    hours: "Opening hours",
    gallery: "Image gallery",
    all: "All restaurants",
    premium: "Premium partners",
    institutional: "Institutional partners",
    jobs: "Work with us",
    apply: "Apply",
    parking: "Parking",
    arrival: "Arrival",
    departure: "Departure",
    calculate: "Calculate",
    price: "Price of your stay: €31.20",
    before: "The departure must be after the arrival.",
  },
  {
    lang: "val",
    menu: "Serveis del pavelló",
    restaurantsHeading: "Menja i beu a l'Arena Valencia",
    hours: "Horari",
    gallery: "Galeria d'imatges",
    all: "Tots els restaurants",
    premium: "Patrocinadors prèmium",
    institutional: "Patrocinadors institucionals",
    jobs: "Treballa amb nosaltres",
    apply: "Inscriure'm",
    parking: "Aparcament",
    arrival: "Arribada",
    departure: "Eixida",
    calculate: "Calcular",
    price: "Preu de la teua estada: 31,20 €",
    before: "L'eixida ha de ser posterior a l'arribada.",
  },
] as const;

/** Two capped days and 30 minutes at 0.04 € a minute (the embedded tariff): 2 × 15 € + 1.20 €. */
const STAY = { arrival: "2026-12-05T18:00", departure: "2026-12-07T18:30" };

/** Amounts use no-break spaces (`31,20 €`); compare them as ordinary spaces. */
const spaced = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

for (const t of LANGS) {
  test.describe(`venue pages in ${t.lang}`, () => {
    test("restaurants: the list, a restaurant's page and back, without axe violations", async ({ page, axe }) => {
      await page.goto(`/${t.lang}/restaurants/`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.restaurantsHeading);
      const cards = page.locator(".restaurant-card");
      await expect(cards).toHaveCount(3);
      await axe();

      await page.getByRole("link", { name: "Nori Sushi Bar" }).click();
      await expect(page).toHaveURL(new RegExp(`/${t.lang}/restaurants/nori-sushi-bar/$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nori Sushi Bar");
      await expect(page.getByText(t.hours, { exact: true })).toBeVisible();
      const gallery = page.getByRole("region", { name: t.gallery });
      await expect(gallery.getByRole("img")).toHaveCount(3);
      for (const img of await gallery.getByRole("img").all()) expect(await img.getAttribute("alt")).not.toBe("");
      const menu = page.getByRole("navigation", { name: t.menu });
      await expect(menu.getByRole("link")).toHaveCount(4);
      await axe();

      await page.getByRole("link", { name: t.all }).click();
      await expect(page).toHaveURL(new RegExp(`/${t.lang}/restaurants/$`));
    });

    test("sponsors: premium and institutional groups, logos linking out", async ({ page, axe }) => {
      await page.goto(`/${t.lang}/sponsors/`);
      const premium = page.getByRole("region", { name: t.premium });
      const institutional = page.getByRole("region", { name: t.institutional });
      await expect(premium.getByRole("link")).toHaveCount(4);
      await expect(institutional.getByRole("link")).toHaveCount(4);
      await expect(premium.getByRole("link").first()).toHaveAttribute("rel", "noopener noreferrer");
      await axe();
    });

    test("job offers: each with a way to apply", async ({ page, axe }) => {
      await page.goto(`/${t.lang}/jobs/`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.jobs);
      const offers = page.locator(".job-offer");
      expect(await offers.count()).toBeGreaterThan(0);
      await expect(offers.first().getByRole("link", { name: new RegExp(`^${t.apply}`) })).toBeVisible();
      await axe();
    });

    test("parking: the calculator prices a stay as it is typed", async ({ page, axe }) => {
      await page.goto(`/${t.lang}/parking/`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.parking);
      await axe();
      const result = page.locator(".parking-calculator__result");
      await page.getByLabel(t.arrival).fill(STAY.arrival);
      await page.getByLabel(t.departure).fill(STAY.departure);
      await expect.poll(async () => spaced(await result.textContent())).toContain(t.price);
      await page.getByLabel(t.departure).fill("2026-12-05T17:00");
      await expect(result).toContainText(t.before);
      await expect(page.getByLabel(t.departure)).toHaveAttribute("aria-invalid", "true");
      await axe();
      // Submitting keeps the page and records the stay in a shareable URL.
      await page.getByLabel(t.departure).fill(STAY.departure);
      await page.getByRole("button", { name: t.calculate }).click();
      await expect(page).toHaveURL(/\?arrival=2026-12-05T18%3A00&departure=2026-12-07T18%3A30$/);
      await expect.poll(async () => spaced(await result.textContent())).toContain(t.price);
      await expect(page.getByLabel(t.arrival)).toHaveValue(STAY.arrival);
      await expect(page.getByLabel(t.departure)).toHaveValue(STAY.departure);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the parking calculator is priced by the server", async ({ page }) => {
    await page.goto("/en/parking/");
    await page.getByLabel("Arrival").fill(STAY.arrival);
    await page.getByLabel("Departure").fill(STAY.departure);
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\/en\/parking\/\?arrival=2026-12-05T18%3A00&departure=2026-12-07T18%3A30#/);
    const result = page.locator(".parking-calculator__result");
    await expect.poll(async () => spaced(await result.textContent())).toContain("Price of your stay: €31.20");
    await expect(page.getByLabel("Arrival")).toHaveValue(STAY.arrival);
  });

  test("the priced page opens with the stay and its price in view, below the header", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/es/parking/");
    await page.getByLabel("Llegada").fill(STAY.arrival);
    await page.getByLabel("Salida").fill(STAY.departure);
    await page.getByRole("button", { name: "Calcular" }).click();
    await expect(page.locator(".parking-calculator__result")).toContainText("31,20");
    const header = await page.locator("header").first().boundingBox();
    const arrival = await page.getByLabel("Llegada").boundingBox();
    const result = await page.locator(".parking-calculator__result").boundingBox();
    expect(header && arrival && result).toBeTruthy();
    // The arrival field is not hidden under the sticky header, and the price is on screen with it.
    expect(arrival!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(result!.y + result!.height).toBeLessThanOrEqual(844);
  });

  test("a departure before the arrival is explained by the server", async ({ page }) => {
    await page.goto("/val/parking/");
    await page.getByLabel("Arribada").fill(STAY.arrival);
    await page.getByLabel("Eixida").fill("2026-12-04T10:00");
    await page.getByRole("button", { name: "Calcular" }).click();
    await expect(page.locator(".parking-calculator__result")).toHaveText("L'eixida ha de ser posterior a l'arribada.");
  });
});
