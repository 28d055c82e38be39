import { describe, expect, it } from "vitest";
import { venueToday } from "#app/lib/venue-today.ts";
import { page as load } from "#tests/harness.ts";
import { all, definitionsOf, one, parseHtml, textOf } from "#tests/html.ts";

// The venue's pages from the embedded content, through the real Worker (edge rules, React
// Router, the block registry and the blocks' server data).

/** A page without its scripts (the page data repeats every message, rendered or not), as markup and as a DOM. */
async function page(path: string) {
  const { response: res, document } = await load(path);
  const scripts = all(document, "script");
  const jsonLd = scripts.filter((script) => script.getAttribute("type") === "application/ld+json");
  for (const script of scripts) script.remove();
  return { res, document, jsonLd, html: document.documentElement.outerHTML };
}

/** The text of every element matching `selector`. */
function texts(document: Document, selector: string): string[] {
  return all(document, selector).map((element) => textOf(element));
}

describe("restaurants", () => {
  it.each([
    ["es", "Nivel 2, terraza sur (puerta 5)"],
    ["en", "Level 2, south terrace (gate 5)"],
    ["val", "Nivell 2, terrassa sud (porta 5)"],
  ])("lists every restaurant page of the folder in %s, linked to its detail", async (lang, location) => {
    const { res, html, document } = await page(`/${lang}/restaurants/`);
    expect(res.status).toBe(200);
    expect(texts(document, "h2.restaurant-card__name")).toEqual(["La Terrassa", "Mercat Gastrobar", "Nori Sushi Bar"]);
    for (const slug of ["la-terrassa", "mercat-gastrobar", "nori-sushi-bar"])
      expect(html).toContain(`href="/${lang}/restaurants/${slug}/"`);
    expect(html).toContain(location);
  });

  it("shows a restaurant's detail: hours, location, booking, phone and gallery", async () => {
    const { res, html, document } = await page("/en/restaurants/la-terrassa/");
    expect(res.status).toBe(200);
    expect(document.title).toBe("La Terrassa | Arena Valencia");
    expect(textOf(one(document, "h1"))).toBe("La Terrassa");
    expect(texts(document, "dt")).toContain("Opening hours");
    expect(definitionsOf(document)).toContainEqual(["Monday to Friday", "13:00–16:00"]);
    expect(html).toContain("Level 2, south terrace (gate 5)");
    const book = one(document, 'a[href="https://booking.example.com/arena-valencia/la-terrassa"]');
    expect([book.className, book.getAttribute("rel"), book.getAttribute("aria-label"), textOf(book)]).toEqual([
      "button button--primary",
      "noopener noreferrer",
      "Book a table at La Terrassa",
      "Book a table",
    ]);
    expect(html).toContain('href="tel:+34960000101"');
    // Shown images: the <noscript> copies of lazy ones are not counted twice.
    expect(all(document, "ul.venue-gallery img").filter((img) => !img.closest("noscript"))).toHaveLength(3);
    expect(html).toContain('alt="A close-up of a vegetable paella"');
    expect(all(document, 'a[href="/en/restaurants/"]').map((a) => textOf(a))).toContain("All restaurants");
  });

  it("describes the restaurant as schema.org structured data", async () => {
    const { jsonLd } = await page("/es/restaurants/la-terrassa/");
    const data = jsonLd
      .map((script) => JSON.parse(script.textContent ?? "null"))
      .find((item) => item["@type"] === "Restaurant");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      name: "La Terrassa",
      url: "http://arena.test/es/restaurants/la-terrassa/",
      servesCuisine: "Arroces valencianos",
      telephone: "+34 960 000 101",
      acceptsReservations: "https://booking.example.com/arena-valencia/la-terrassa",
      image: ["http://arena.test/images/venue/restaurants/la-terrassa-1200x800.svg"],
      address: { streetAddress: "Avinguda de les Arts 1", postalCode: "46013", addressLocality: "València" },
      containedInPlace: { "@type": "StadiumOrArena", name: "Arena Valencia" },
    });
  });

  it("offers the phone when a restaurant has no booking page", async () => {
    const { html } = await page("/val/restaurants/mercat-gastrobar/");
    expect(html).toContain("Telefonar al +34 960 000 102");
    expect(html).not.toContain("Reservar taula en");
  });

  it("answers 404 for a restaurant that does not exist", async () => {
    expect((await page("/en/restaurants/no-such-place/")).res.status).toBe(404);
  });
});

describe("sponsors", () => {
  it("groups premium before institutional partners, each logo linking out with noopener", async () => {
    const { res, html } = await page("/es/sponsors/");
    expect(res.status).toBe(200);
    const premium = html.indexOf("Patrocinadores premium");
    const institutional = html.indexOf("Patrocinadores institucionales");
    expect(premium).toBeGreaterThan(-1);
    expect(institutional).toBeGreaterThan(premium);
    const premiumGroup = html.slice(premium, institutional);
    expect(premiumGroup).toContain('alt="Logotipo de Horta Energia"');
    expect(premiumGroup).not.toContain("Fundació Túria");
    expect(html.slice(institutional)).toContain('alt="Logotipo de Fundació Túria"');
    const sponsorLinks = all(parseHtml(html), "a[href]").filter((a) =>
      /^https:\/\/[^/]+\.example\.(?:com|org)\/$/.test(a.getAttribute("href") ?? ""),
    );
    expect(sponsorLinks).toHaveLength(8);
    for (const link of sponsorLinks) expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });
});

describe("job offers", () => {
  it("lists the open offers with department, contract, deadline and how to apply", async () => {
    const { res, html, document } = await page("/en/jobs/");
    expect(res.status).toBe(200);
    // The embedded offers close in 2027; past a deadline an offer leaves the list.
    const open = [
      ["Event operations technician", "2027-01-31"],
      ["Box and hospitality waiter", "2027-02-15"],
      ["Digital marketing internship", "2027-03-15"],
      ["Box office agent for the concert season", "2027-04-30"],
    ].filter(([, deadline = ""]) => deadline >= venueToday(new Date()));
    expect(texts(document, "main h2")).toEqual(expect.arrayContaining(open.map(([title]) => title)));
    if (open.length === 0) expect(html).toContain("There are no job offers at the moment");
    if (open[0]?.[0] === "Event operations technician") {
      expect(definitionsOf(document)).toEqual(
        expect.arrayContaining([
          ["Department", "Operations"],
          ["Contract", "Full time"],
          ["Apply by", "January 31, 2027"],
        ]),
      );
      const apply = one(document, '[aria-label="Apply for Event operations technician"]');
      expect(apply.getAttribute("href")).toBe("mailto:empleo@arenavalencia.example.com");
    }
  });

  it("names contract types in the page's language", async () => {
    const { html, document } = await page("/val/jobs/");
    if (venueToday(new Date()) <= "2027-03-15") expect(texts(document, "dd")).toContain("Pràctiques");
    expect(html).toContain("Treballa amb nosaltres");
  });
});

describe("parking", () => {
  it("shows the rates and, without JavaScript, prices the stay in the query", async () => {
    const { res, html, document } = await page("/en/parking/?arrival=2026-12-05T18%3A00&departure=2026-12-07T18%3A30");
    expect(res.status).toBe(200);
    expect(definitionsOf(document)).toEqual(
      expect.arrayContaining([
        ["Price per minute", "€0.04"],
        ["Maximum per 24 hours", "€15.00"],
      ]),
    );
    // Two capped days and 30 minutes at 0.04 €.
    expect(html).toContain("Price of your stay: €31.20");
    expect(html).toContain("Duration: 2 d 30 min");
    expect(html).toContain('value="2026-12-05T18:00"');
  });

  it("explains a departure before the arrival in the page's language, with a 200 and the form kept", async () => {
    const { res, html, document } = await page("/es/parking/?arrival=2026-12-05T18%3A00&departure=2026-12-05T17%3A00");
    expect(res.status).toBe(200);
    expect(html).toContain("La salida debe ser posterior a la llegada.");
    const invalid = all(document, 'input[aria-invalid="true"]').map((input) => input.getAttribute("value"));
    expect(invalid).toContain("2026-12-05T17:00");
  });

  it("asks for what is missing or malformed", async () => {
    expect((await page("/val/parking/?arrival=&departure=2026-12-05T17%3A00")).html).toContain(
      "Indica la data i l'hora d'arribada.",
    );
    expect((await page("/en/parking/?arrival=2026-12-05T17%3A00&departure=%3Cscript%3E")).html).toContain(
      "The departure is not a valid date and time.",
    );
  });
});

describe("the venue menu", () => {
  it("labels the section navigation and marks the current page", async () => {
    const { document } = await page("/en/parking/");
    const nav = one(document, 'nav.blok-menu[aria-label="Services at the arena"]');
    const links = all(nav, "a").map((a) => [textOf(a), a.getAttribute("href"), a.getAttribute("aria-current")]);
    expect(links.map(([, href]) => href)).toContain("/en/restaurants/");
    expect(links.filter(([, , current]) => current === "page").map(([, href]) => href)).toEqual(["/en/parking/"]);
    expect(links.map(([text]) => text)).toContain("Work with us");
  });
});
