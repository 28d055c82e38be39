import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { all, isBlank, one, parseHtml, textOf } from "#tests/html.ts";
import { CATALOGUES } from "#app/lib/catalogues.server.ts";
import type { ContentSource } from "#app/lib/content-source.ts";
import type { AppContext } from "#app/lib/context.server.ts";
import type { Story } from "#app/lib/content-types.ts";
import { I18nProvider } from "#app/lib/i18n-context.tsx";
import type { Lang } from "#app/lib/languages.ts";
import { BlokContextProvider } from "#bloks/context.tsx";
import { freezeNow } from "#app/lib/frozen.ts";
import { BlokView } from "#bloks/render.tsx";
import { validateBlokTree } from "#bloks/validate.server.ts";
import { telHref } from "./format";
import { venueToday } from "#app/lib/venue-today.ts";
import { isOpen } from "./job-deadline";
import { resolveRestaurants, restaurantsFolder } from "./restaurants.server";

function render(
  blok: Record<string, unknown>,
  { data, search = "", lang = "en" as Lang, path = "/en/x/" } = {} as {
    data?: unknown;
    search?: string;
    lang?: Lang;
    path?: string;
  },
) {
  const uid = String(blok._uid);
  // As the page loader does: blocks are checked against their schemas before rendering.
  const checked = validateBlokTree({ component: "", _uid: uid, ...blok });
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <I18nProvider lang={lang} messages={CATALOGUES[lang]}>
          <BlokContextProvider
            value={{ data: data === undefined ? {} : { [uid]: freezeNow(data) }, preview: false, search }}
          >
            {checked ? <BlokView blok={checked} /> : null}
          </BlokContextProvider>
        </I18nProvider>
      ),
    },
  ]);
  return parseHtml(renderToString(<Stub initialEntries={[`${path}${search}`]} />)).body;
}

const offer = (uid: string, deadline: string) => ({
  component: "job_offer",
  _uid: uid,
  title: `Job ${uid}`,
  deadline,
});

describe("job offers", () => {
  it("leaves out offers past their deadline, keeps the deadline day and offers without one", () => {
    const shown = textOf(
      render(
        {
          component: "job_offers",
          _uid: "jobs",
          offers: [offer("past", "2026-11-21 00:00"), offer("today", "2026-11-22"), offer("open", "")],
        },
        { data: { today: "2026-11-22" } },
      ),
    );
    expect(shown).not.toContain("Job past");
    expect(shown).toContain("Job today");
    expect(shown).toContain("Job open");
  });

  it("shows the empty state when every offer has closed", () => {
    const body = render(
      { component: "job_offers", _uid: "jobs", offers: [offer("past", "2026-01-01")] },
      { data: { today: "2026-11-22" }, lang: "val" },
    );
    expect(textOf(body)).toContain("No hi ha ofertes de treball en este moment");
  });

  it("refuses an unknown contract type (the block is skipped and logged)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const body = render(
      { component: "job_offers", _uid: "jobs", offers: [{ ...offer("x", ""), type: "forever" }] },
      { data: { today: "2026-11-22" } },
    );
    expect(isBlank(body)).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("counts today at the arena, where the deadline is", () => {
    // 23:30 UTC on 31 December is already 1 January in Valencia.
    expect(venueToday(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(isOpen("2026-12-31 00:00", "2027-01-01")).toBe(false);
    expect(isOpen("2027-01-01 00:00", "2027-01-01")).toBe(true);
  });
});

describe("sponsors", () => {
  it("shows only the groups that have sponsors, and a logo without a link as a plain image", () => {
    const body = render({
      component: "sponsors",
      _uid: "sp",
      institutional: [{ component: "sponsor", _uid: "a", name: "Fundació Túria" }],
    });
    expect(textOf(body)).toContain("Institutional partners");
    expect(textOf(body)).not.toContain("Premium partners");
    one(body, 'img[alt="Fundació Túria"]');
    expect(all(body, "a")).toEqual([]);
  });

  it("never links a sponsor to a javascript: URL", () => {
    const body = render({
      component: "sponsors",
      _uid: "sp",
      premium: [{ component: "sponsor", _uid: "a", name: "X", link: { linktype: "url", url: "javascript:alert(1)" } }],
    });
    expect(all(body, "[href]")).toEqual([]);
    one(body, 'img[alt="X"]');
  });
});

describe("parking rates", () => {
  const blok = { component: "parking_rates", _uid: "pk", price_per_minute: "0.05", max_daily: "18" };

  it("prompts for a stay until one is asked for", () => {
    const shown = textOf(render(blok, { lang: "es" }));
    expect(shown).toContain("0,05 €");
    expect(shown).toContain("18,00 €");
    expect(shown).toContain("Introduce la llegada y la salida para ver el precio.");
  });

  it("prices the stay in the query on the server, in the page's language", () => {
    const body = render(blok, { search: "?arrival=2026-12-05T18:00&departure=2026-12-06T18:00", lang: "val" });
    const result = one(body, "output.parking-calculator__result");
    expect(all(result, ":scope > *").map(textOf)).toEqual(["Preu de la teua estada: 18,00 €", "Durada: 1 d"]);
  });

  it("sends the form to the page itself, so it works without JavaScript", () => {
    const form = one(render(blok, { path: "/en/parking/" }), "form");
    expect(form.getAttribute("method")).toBe("get");
    // It opens at the calculator's heading: the fields and the price in view together.
    expect(form.getAttribute("action")).toBe("/en/parking/#pk-calculator");
    one(form, '[name="arrival"]');
    one(form, '[name="departure"]');
  });

  it("refuses an amount that is not in euros (skipped and logged)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(isBlank(render({ ...blok, max_daily: "lots" }))).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe("restaurant detail", () => {
  it("says no booking is needed when there is neither a booking page nor a phone", () => {
    const body = render({ component: "restaurant", _uid: "r", name: "Forn", phone: "n/a" }, { lang: "es" });
    expect(textOf(body)).toContain("Sin reserva: ven directamente.");
    expect(all(body, '[href^="tel:"]')).toEqual([]);
  });

  it("links back to the list it belongs to", () => {
    const body = render({ component: "restaurant", _uid: "r", name: "Forn" }, { path: "/en/food/forn/" });
    expect(textOf(one(body, 'a[href="/en/food/"]'))).toBe("All restaurants");
  });
});

describe("menu", () => {
  it("drops links it cannot resolve and renders nothing when none is left", () => {
    const links = [
      { component: "menu_link", _uid: "bad", label: "Bad", link: { linktype: "url", url: "javascript:alert(1)" } },
    ];
    expect(isBlank(render({ component: "menu", _uid: "m", links }))).toBe(true);
    const body = render({
      component: "menu",
      _uid: "m",
      links: [
        ...links,
        { component: "menu_link", _uid: "ok", label: "Jobs", link: { linktype: "story", cached_url: "en/jobs" } },
      ],
    });
    const menu = one(body, '[aria-label="Section menu"]');
    expect(all(menu, "a").map((link) => [link.getAttribute("href"), textOf(link)])).toEqual([["/en/jobs/", "Jobs"]]);
    expect(textOf(body)).not.toContain("Bad");
  });
});

describe("the restaurants list's data", () => {
  const story = (full_slug: string, body: unknown[]): Story => ({
    id: 1,
    uuid: full_slug,
    name: full_slug,
    slug: full_slug.split("/").pop() ?? "",
    full_slug,
    lang: "en",
    content: { component: "page", _uid: full_slug, body },
  });

  it("lists only the folder's pages that hold a restaurant, linked in the page's language", async () => {
    const listStories = vi.fn<ContentSource["listStories"]>(async () => ({
      stories: [
        story("en/restaurants/", []),
        story("en/restaurants/forn", [{ component: "restaurant", _uid: "f", name: "Forn", cuisine: "Bakery" }]),
        story("en/restaurants/broken", [{ component: "restaurant", _uid: "b" }]),
      ],
      total: 3,
    }));
    const app = { lang: "en", content: { listStories } } as unknown as AppContext;
    const cards = await resolveRestaurants(
      { component: "restaurants", _uid: "r", folder: "/restaurants/" },
      { app, url: new URL("http://arena.test/en/restaurants/") },
    );
    expect(listStories).toHaveBeenCalledWith(
      "en",
      expect.objectContaining({ startsWith: "restaurants/", contentType: "page" }),
    );
    expect(cards).toEqual([
      {
        path: "/en/restaurants/forn/",
        name: "Forn",
        cuisine: "Bakery",
        summary: "",
        location: "",
        image: null,
        openingHours: [],
      },
    ]);
  });

  it.each([
    ["food", "food/"],
    ["/venue/food/", "venue/food/"],
    ["", "restaurants/"],
    ["../secrets", "restaurants/"],
    [42, "restaurants/"],
  ])("reads the folder %j as %j", (input, folder) => {
    expect(restaurantsFolder(input)).toBe(folder);
  });
});

describe("phone links", () => {
  it.each([
    ["+34 960 000 101", "tel:+34960000101"],
    ["(96) 000-0101", "tel:960000101"],
    ["call us", null],
  ])("%j → %j", (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
