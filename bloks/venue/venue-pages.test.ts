import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { venueToday } from "#app/lib/venue-today.ts";
import { shownHtml } from "#tests/setup/shown-html.ts";

// The venue's pages from the embedded content, through the real Worker (edge rules, React
// Router, the block registry and the blocks' server data).

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

async function page(path: string) {
  const res = await exports.default.fetch(
    new Request(`http://arena.test${path}`, { headers: { "User-Agent": browser } }),
  );
  // Without scripts: the page data repeats every message, rendered or not.
  return { res, html: (await res.text()).replace(/<script[\s\S]*?<\/script>/g, "") };
}

/** The text of every element matching a simple class selector, tags stripped. */
function texts(html: string, tag: string, className: string): string[] {
  const pattern = new RegExp(`<${tag}[^>]*class="[^"]*\\b${className}\\b[^"]*"[^>]*>([\\s\\S]*?)</${tag}>`, "g");
  return [...html.matchAll(pattern)].map(([, inner = ""]) => inner.replace(/<[^>]+>/g, "").trim());
}

describe("restaurants", () => {
  it.each([
    ["es", "Nivel 2, terraza sur (puerta 5)"],
    ["en", "Level 2, south terrace (gate 5)"],
    ["val", "Nivell 2, terrassa sud (porta 5)"],
  ])("lists every restaurant page of the folder in %s, linked to its detail", async (lang, location) => {
    const { res, html } = await page(`/${lang}/restaurants/`);
    expect(res.status).toBe(200);
    expect(texts(html, "h2", "restaurant-card__name")).toEqual(["La Terrassa", "Mercat Gastrobar", "Nori Sushi Bar"]);
    for (const slug of ["la-terrassa", "mercat-gastrobar", "nori-sushi-bar"])
      expect(html).toContain(`href="/${lang}/restaurants/${slug}/"`);
    expect(html).toContain(location);
  });

  it("shows a restaurant's detail: hours, location, booking, phone and gallery", async () => {
    const { res, html } = await page("/en/restaurants/la-terrassa/");
    expect(res.status).toBe(200);
    expect(html).toContain("<title>La Terrassa | Arena Valencia</title>");
    expect(html).toMatch(/<h1[^>]*>La Terrassa<\/h1>/);
    expect(html).toContain("<dt>Opening hours</dt>");
    expect(html).toContain("<dt>Monday to Friday</dt><dd>13:00–16:00</dd>");
    expect(html).toContain("Level 2, south terrace (gate 5)");
    expect(html).toMatch(
      /<a href="https:\/\/booking\.example\.com\/arena-valencia\/la-terrassa" class="button button--primary" rel="noopener noreferrer" aria-label="Book a table at La Terrassa">Book a table<\/a>/,
    );
    expect(html).toContain('href="tel:+34960000101"');
    expect(
      shownHtml(html)
        .match(/<ul class="venue-gallery">[\s\S]*?<\/ul>/)?.[0]
        .match(/<img /g),
    ).toHaveLength(3);
    expect(html).toContain('alt="A close-up of a vegetable paella"');
    expect(html).toMatch(/<a [^>]*href="\/en\/restaurants\/"[^>]*>All restaurants<\/a>/);
  });

  it("describes the restaurant as schema.org structured data", async () => {
    const res = await exports.default.fetch(
      new Request("http://arena.test/es/restaurants/la-terrassa/", { headers: { "User-Agent": browser } }),
    );
    const scripts = [...(await res.text()).matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
    const data = scripts.map(([, json = ""]) => JSON.parse(json)).find((item) => item["@type"] === "Restaurant");
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
    const sponsorLinks = [...html.matchAll(/<a href="(https:\/\/[^"]+\.example\.(?:com|org)\/)"([^>]*)>/g)];
    expect(sponsorLinks).toHaveLength(8);
    for (const [, , attributes] of sponsorLinks) expect(attributes).toContain('rel="noopener noreferrer"');
  });
});

describe("job offers", () => {
  it("lists the open offers with department, contract, deadline and how to apply", async () => {
    const { res, html } = await page("/en/jobs/");
    expect(res.status).toBe(200);
    // The embedded offers close in 2027; past a deadline an offer leaves the list.
    const open = [
      ["Event operations technician", "2027-01-31"],
      ["Box and hospitality waiter", "2027-02-15"],
      ["Digital marketing internship", "2027-03-15"],
      ["Box office agent for the concert season", "2027-04-30"],
    ].filter(([, deadline = ""]) => deadline >= venueToday(new Date()));
    for (const [title] of open) expect(html).toContain(`>${title}</h2>`);
    if (open.length === 0) expect(html).toContain("There are no job offers at the moment");
    if (open[0]?.[0] === "Event operations technician") {
      expect(html).toContain("<dt>Department</dt><dd>Operations</dd>");
      expect(html).toContain("<dt>Contract</dt><dd>Full time</dd>");
      expect(html).toContain("<dt>Apply by</dt><dd>January 31, 2027</dd>");
      expect(html).toContain('href="mailto:empleo@arenavalencia.example.com"');
      expect(html).toContain('aria-label="Apply for Event operations technician"');
    }
  });

  it("names contract types in the page's language", async () => {
    const { html } = await page("/val/jobs/");
    if (venueToday(new Date()) <= "2027-03-15") expect(html).toContain("<dd>Pràctiques</dd>");
    expect(html).toContain("Treballa amb nosaltres");
  });
});

describe("parking", () => {
  it("shows the rates and, without JavaScript, prices the stay in the query", async () => {
    const { res, html } = await page("/en/parking/?arrival=2026-12-05T18%3A00&departure=2026-12-07T18%3A30");
    expect(res.status).toBe(200);
    expect(html).toContain("<dt>Price per minute</dt><dd>€0.04</dd>");
    expect(html).toContain("<dt>Maximum per 24 hours</dt><dd>€15.00</dd>");
    // Two capped days and 30 minutes at 0.04 €.
    expect(html).toContain("Price of your stay: €31.20");
    expect(html).toContain("Duration: 2 d 30 min");
    expect(html).toContain('value="2026-12-05T18:00"');
  });

  it("explains a departure before the arrival in the page's language, with a 200 and the form kept", async () => {
    const { res, html } = await page("/es/parking/?arrival=2026-12-05T18%3A00&departure=2026-12-05T17%3A00");
    expect(res.status).toBe(200);
    expect(html).toContain("La salida debe ser posterior a la llegada.");
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*value="2026-12-05T17:00"/);
  });

  it("asks for what is missing or malformed", async () => {
    expect((await page("/val/parking/?arrival=&departure=2026-12-05T17%3A00")).html).toContain(
      "Indica la data i l&#x27;hora d&#x27;arribada.",
    );
    expect((await page("/en/parking/?arrival=2026-12-05T17%3A00&departure=%3Cscript%3E")).html).toContain(
      "The departure is not a valid date and time.",
    );
  });
});

describe("the venue menu", () => {
  it("labels the section navigation and marks the current page", async () => {
    const { html } = await page("/en/parking/");
    const nav = html.match(/<nav class="blok-menu" aria-label="Services at the arena">[\s\S]*?<\/nav>/)?.[0] ?? "";
    expect(nav).toContain('href="/en/restaurants/"');
    const current = nav.match(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g) ?? [];
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('href="/en/parking/"');
    expect(nav).toContain(">Work with us</a>");
  });
});
