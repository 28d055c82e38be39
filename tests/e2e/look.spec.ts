import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./hydrated";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { LANGS, notFoundPath } from "./site-pages";

// The look the site owns: one colour for buying, layouts without voids, controls that wrap and
// collapse on a phone, in the three languages at phone and desktop widths.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** An event with both ways to buy and two related events. */
const EVENT = "marea-alta-gira-mediterrania";

/** The computed value of a custom property on the root, as the browser resolves it into a colour. */
function tokenColour(page: Page, token: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement("span");
    probe.style.color = `var(${name})`;
    document.body.appendChild(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, token);
}

/** Each buy action's border colour, and its fill when it is the filled (primary) kind. */
function buyColours(page: Page) {
  return page.locator("main .button--buy").evaluateAll((buttons) =>
    buttons.map((button) => {
      const style = getComputedStyle(button);
      return {
        border: style.borderTopColor,
        fill: button.classList.contains("button--primary") ? style.backgroundColor : null,
      };
    }),
  );
}

test.describe("one colour for buying", () => {
  for (const lang of LANGS) {
    test(`home, event page and 404 wear --color-buy on every buy action, and filters and arrows do not (${lang})`, async ({
      page,
    }) => {
      await page.goto(`/${lang}/`);
      const buy = await tokenColour(page, "--color-buy");
      const seen: { border: string; fill: string | null }[] = [];
      for (const path of [`/${lang}/`, `/${lang}/event/${EVENT}/`, notFoundPath(lang)]) {
        await page.goto(path);
        const colours = await buyColours(page);
        expect(colours.length, `buy actions on ${path}`).toBeGreaterThan(0);
        expect(
          colours.some((colour) => colour.fill !== null),
          `a filled buy action on ${path}`,
        ).toBe(true);
        seen.push(...colours);
      }
      for (const colour of seen) {
        expect(colour.border).toBe(buy);
        if (colour.fill !== null) expect(colour.fill).toBe(buy);
      }
      // The hero's buy link is the buy button, not a colour of its own.
      await page.goto(`/${lang}/`);
      await expect(page.locator(".event-hero__buy")).toHaveClass(/\bbutton--buy\b/);
      const arrows = await page
        .locator(".carousel-button")
        .evaluateAll((buttons) => buttons.map((button) => getComputedStyle(button).borderTopColor));
      expect(arrows.length).toBeGreaterThan(0);
      for (const arrow of arrows) expect(arrow).not.toBe(buy);
      await page.goto(`/${lang}/events/`);
      const filter = await page
        .locator(".event-filter")
        .first()
        .evaluate((link) => getComputedStyle(link).borderTopColor);
      expect(filter).not.toBe(buy);
    });
  }
});

test("both home carousels draw the same controls, above their slides", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/en/");
  await waitForHydration(page);
  const looks = await page.locator(".carousel-controls").evaluateAll((groups) =>
    groups.map((group) => {
      // "Next": enabled at the start in both (a disabled "previous" is drawn as disabled).
      const button = group.querySelectorAll("button")[1];
      const style = button ? getComputedStyle(button) : null;
      const slides = group.nextElementSibling;
      return {
        look:
          style && [style.width, style.height, style.borderRadius, style.borderTopColor, style.backgroundColor].join(),
        above: slides ? group.getBoundingClientRect().bottom <= slides.getBoundingClientRect().top : false,
      };
    }),
  );
  // The upcoming-events slider and the "Plan your visit" cards.
  expect(looks.length).toBeGreaterThanOrEqual(2);
  expect(new Set(looks.map(({ look }) => look)).size).toBe(1);
  expect(looks.every(({ above }) => above)).toBe(true);
  // Named for screen readers, though drawn as arrows.
  await expect(page.locator(".blok-cards-carousel").getByRole("button", { name: "Next" })).toBeVisible();
  await expect(page.locator(".event-slider").getByRole("button", { name: "Next events" })).toBeVisible();
});

test.describe("event filters", () => {
  for (const lang of LANGS) {
    test(`a phone sees events on its first screen, the filters behind one control; a desktop sees them open (${lang})`, async ({
      page,
      axe,
    }) => {
      await page.setViewportSize(PHONE);
      await recordLayoutShifts(page);
      // A visit's later page, the site font in the cache (its first page's swap is site-font.spec's).
      await page.goto(`/${lang}/`);
      await page.evaluate(() => document.fonts.ready);
      await page.goto(`/${lang}/events/`);
      await waitForHydration(page);
      // Nothing moved while the page loaded and its code arrived (before any input of the test's).
      expect(await layoutShifts(page)).toEqual([]);
      const toggle = page.locator(".event-filters-toggle > summary");
      const firstFilter = page.locator(".event-filter").first();
      await expect(toggle).toBeVisible();
      await expect(firstFilter).toBeHidden();
      const firstCard = page.locator(".event-card").first();
      const top = await firstCard.evaluate((card) => card.getBoundingClientRect().top);
      expect(top).toBeLessThan(PHONE.height * 0.75);
      await toggle.click();
      await expect(firstFilter).toBeVisible();
      await axe();

      await page.setViewportSize(DESKTOP);
      await page.goto(`/${lang}/events/`);
      await expect(toggle).toBeHidden();
      await expect(firstFilter).toBeVisible();
      await expect(page.locator(".event-filter").last()).toBeVisible();
    });
  }

  test("the phone's filter control opens without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/es/events/");
    await expect(page.locator(".event-filter").first()).toBeHidden();
    await page.locator(".event-filters-toggle > summary").click();
    await expect(page.locator(".event-filter").first()).toBeVisible();
    await context.close();
  });
});

test.describe("event page on a desktop", () => {
  for (const lang of LANGS) {
    test(`the description follows the picture with no void, related events fill their row (${lang})`, async ({
      page,
      axe,
    }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/${lang}/event/${EVENT}/`);
      const image = await page.locator(".event-page__image").boundingBox();
      const description = await page.locator(".event-page__description").boundingBox();
      const aside = await page.locator(".event-page__aside").boundingBox();
      if (!image || !description || !aside) throw new Error("the event page lacks its picture, description or facts");
      // Under the picture, in its column, a paragraph's gap below it.
      expect(description.x).toBeCloseTo(image.x, 0);
      expect(description.y - (image.y + image.height)).toBeLessThan(64);
      // Name, facts and buying beside the picture, from its top.
      expect(aside.x).toBeGreaterThan(image.x + image.width);
      expect(Math.abs(aside.y - image.y)).toBeLessThan(8);

      const grid = page.locator(".event-related .event-grid");
      await grid.scrollIntoViewIfNeeded();
      const row = await grid.evaluate((list) => {
        const box = list.getBoundingClientRect();
        const cards = [...list.children].map((card) => card.getBoundingClientRect());
        return {
          count: cards.length,
          // Tracks auto-fit collapsed to nothing are listed as 0px: only drawn columns count.
          columns: getComputedStyle(list)
            .gridTemplateColumns.split(" ")
            .filter((track) => parseFloat(track) > 0).length,
          right: box.right,
          lastRight: Math.max(...cards.map((card) => card.right)),
        };
      });
      expect(row.count).toBeGreaterThan(0);
      // As many columns as cards (up to a full row), and the last card ends where the row does.
      expect(row.columns).toBe(Math.min(row.count, row.columns));
      expect(row.right - row.lastRight).toBeLessThan(2);
      await axe();
    });
  }
});

test.describe("forms on a desktop", () => {
  for (const [path, kind] of [
    ["contact/", "contact"],
    ["hospitality/", "hospitality"],
    ["ticket-service/", "ticket-service"],
    ["newsletter/", "newsletter"],
  ] as const) {
    for (const lang of LANGS) {
      test(`${kind}: the page's introduction sits beside the form, not above it (${lang})`, async ({ page }) => {
        await page.setViewportSize(DESKTOP);
        await page.goto(`/${lang}/${path}`);
        const intro = await page.locator(".blok-page > .blok-text").first().boundingBox();
        const form = await page.locator(".blok-page > .blok-form").first().boundingBox();
        if (!intro || !form) throw new Error(`${path} lacks its introduction or its form`);
        expect(form.x).toBeGreaterThan(intro.x + intro.width);
        expect(Math.abs(form.y - intro.y)).toBeLessThan(8);
        // The form and its context share the page: no empty right half.
        expect(form.x + form.width).toBeGreaterThan(DESKTOP.width * 0.75);
      });
    }
  }

  test("on a phone the introduction comes first, then the form, full width", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/es/contact/");
    const intro = await page.locator(".blok-page > .blok-text").boundingBox();
    const form = await page.locator(".blok-page > .blok-form").boundingBox();
    if (!intro || !form) throw new Error("contact lacks its introduction or its form");
    expect(form.y).toBeGreaterThanOrEqual(intro.y + intro.height);
    expect(form.x).toBeCloseTo(intro.x, 0);
  });
});

test("the refund document is a styled, labelled file input reached with the keyboard", async ({ page, axe }) => {
  await page.goto("/en/ticket-service/");
  await waitForHydration(page);
  const input = page.getByLabel("Supporting document");
  await expect(input).toHaveAttribute("type", "file");
  await expect(input).toHaveAccessibleDescription(/PDF, JPEG or PNG/);
  expect(await input.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe("dashed");
  // Back from the privacy box that follows it (a date field before it takes Tab itself, per part).
  await page.getByRole("checkbox", { name: /I have read and accept the privacy policy/ }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(input).toBeFocused();
  await input.setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") });
  expect(await input.evaluate((element: HTMLInputElement) => element.files?.[0]?.name)).toBe("report.pdf");
  await axe(".blok-ticket-service");
});

test.describe("type scale", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`job titles sit well below the page title at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const lang of LANGS) {
        await page.goto(`/${lang}/jobs/`);
        const title = await page.locator("main h1").evaluate((h1) => parseFloat(getComputedStyle(h1).fontSize));
        const jobs = await page
          .locator(".job-offer :is(h2, h3)")
          .evaluateAll((headings) => headings.map((heading) => parseFloat(getComputedStyle(heading).fontSize)));
        expect(jobs.length).toBeGreaterThan(0);
        for (const size of jobs) expect(size).toBeLessThanOrEqual(title * 0.75);
      }
    });
  }
});

test.describe("the member's dashboard", () => {
  test("the header's initial is the member's name's, not the email's", async ({ member }) => {
    for (const lang of LANGS) {
      await member.goto(`/${lang}/dashboard/`);
      // Lucía, whose address is demo@arena.test.
      await expect(member.locator("header .account-link__icon")).toHaveText("L");
    }
  });

  test("a 50-character unbroken name wraps on a phone: nothing is pushed off screen", async ({ member }) => {
    await member.setViewportSize(PHONE);
    const long = "Maximilianaalexandrinaconstantinopolitanadelosmar";
    expect(long.length).toBeGreaterThanOrEqual(49);
    for (const lang of LANGS) {
      for (const path of [`/${lang}/dashboard/`, `/${lang}/dashboard/user-information/`]) {
        await member.goto(path);
        await waitForHydration(member);
        // The name as the member could have typed it, wherever the page shows it.
        const shown = await member.evaluate((name) => {
          const walker = document.createTreeWalker(
            document.querySelector("main") ?? document.body,
            NodeFilter.SHOW_TEXT,
          );
          let count = 0;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.textContent?.includes("Lucía")) {
              node.textContent = node.textContent.replaceAll("Lucía", `${name}x`);
              count += 1;
            }
          }
          for (const input of document.querySelectorAll<HTMLInputElement>("main input[value='Lucía']")) {
            input.value = `${name}x`;
            count += 1;
          }
          return count;
        }, long);
        expect(shown, `the name on ${path}`).toBeGreaterThan(0);
        const overflow = await member.evaluate(() => ({
          page: document.documentElement.scrollWidth - innerWidth,
          boxes: [...document.querySelectorAll("main .surface-card, main .form-field, main h1, main h2")]
            .map((box) => box.getBoundingClientRect().right - innerWidth)
            .filter((beyond) => beyond > 0.5),
        }));
        expect(overflow, path).toEqual({ page: 0, boxes: [] });
      }
    }
  });
});

test.describe("About", () => {
  for (const lang of LANGS) {
    test(`reads as the arena's page: no code block, and only links look like links (${lang})`, async ({
      page,
      axe,
    }) => {
      await page.goto(`/${lang}/about/`);
      await expect(page.locator("main pre, main code")).toHaveCount(0);
      const impostors = await page.evaluate(() => {
        const link = document.querySelector("main .blok-text a");
        if (!link) return ["no link to compare with"];
        const linkColour = getComputedStyle(link).color;
        return [...document.querySelectorAll("main .blok-text *")]
          .filter((element) => !element.closest("a") && element.childNodes.length > 0)
          .filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))
          .filter((element) => {
            const style = getComputedStyle(element);
            return style.color === linkColour || style.textDecorationLine.includes("underline");
          })
          .map((element) => `${element.localName}: ${element.textContent?.slice(0, 40)}`);
      });
      expect(impostors).toEqual([]);
      await axe();
    });
  }

  test("rich text's own styles keep a coloured or underlined word from looking like a link", async ({ page }) => {
    await page.goto("/en/about/");
    const looks = await page.evaluate(() => {
      const text = document.querySelector("main .blok-text");
      if (!text) throw new Error("no rich text on About");
      const sample = document.createElement("p");
      sample.innerHTML = '<span class="rt-color-primary">primary</span> <u>underlined</u> <a href="#x">link</a>';
      text.appendChild(sample);
      const [primary, underlined, link] = [...sample.children].map((element) => getComputedStyle(element));
      const result = {
        primaryIsLinkColour: primary?.color === link?.color,
        underlineDrawn: underlined?.textDecorationLine.includes("underline"),
      };
      sample.remove();
      return result;
    });
    expect(looks).toEqual({ primaryIsLinkColour: false, underlineDrawn: false });
  });
});
