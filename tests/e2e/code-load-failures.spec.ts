import { type Page } from "@playwright/test";
import { fillContact, formTitled, submissionsFor, uniqueEmail } from "./forms-helpers";
import { waitForHydration } from "./hydrated";
import { expect, test, type SiteMessages } from "./fixtures";

// The code a page loads after hydration (its form, header panels, footer, the whole stylesheet, the
// update check) can fail to arrive for two reasons: the network (offline, or a connection the
// browser already calls online that carries no request yet) or a newer deploy that removed it.
// Only the second may cost the visitor the page (a reload, once); the first never does: the page
// stays, with whatever its forms hold, and the code comes when it can (app/lib/load-code.ts).

/** Every code file (`/assets/…`) fails its first request, as on a connection not up yet. */
async function failEachAssetOnce(page: Page): Promise<Set<string>> {
  const failed = new Set<string>();
  await page.route("**/assets/**", (route) => {
    const url = route.request().url();
    if (failed.has(url)) return route.fallback();
    failed.add(url);
    return route.abort("internetdisconnected");
  });
  return failed;
}

/** Marks this document, to tell later whether the page reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", ""));
}

test("code the network keeps away while the browser says online: the page stays, the form is sent once", async ({
  page,
  messages: { en },
}) => {
  await page.goto("/en/contact/");
  await waitForHydration(page);
  await markDocument(page);
  const failed = await failEachAssetOnce(page);

  // The form's code fails first, then arrives: the form becomes the enhanced one.
  const form = await formTitled(page, "Write to us", true);
  const email = uniqueEmail("code-kept-away");
  await fillContact(form, email);
  // The header's panels fail too, then work.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: en.NAV.MENU, exact: true }).focus();
  await expect(page.locator("#site-menu[data-hydrated]")).toBeAttached({ timeout: 20_000 });

  // The submit asks for the whole stylesheet, which fails: it goes on without it.
  await form.getByRole("button", { name: en.FORM.SUBMIT }).click();
  await expect(form.getByRole("status")).toHaveText(en.SUCCESS.FORM_SUBMITTED);
  expect(submissionsFor(email)).toHaveLength(1);
  await expect(page.locator("html[data-same-document]")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: en.ERROR["500"].TITLE })).toHaveCount(0);
  expect([...failed].some((url) => /\/stylesheet-[\w-]+\.css$/.test(url))).toBe(true);
  expect(failed.size).toBeGreaterThanOrEqual(3);
});

/**
 * Each kind of code a page loads after hydration, how a visitor makes it load, and how to tell it
 * arrived. Each fails alone, so nothing else loading at the time (the update check a moment after
 * hydration) can stand in for the part under test.
 */
const OLD_BUILD_CODE: {
  what: string;
  path: string;
  file: string;
  reach: (page: Page, en: SiteMessages) => Promise<void>;
  loaded: (page: Page, en: SiteMessages) => Promise<void>;
}[] = [
  {
    what: "the header's panels, reached for",
    path: "/en/contact/",
    file: "header-panels",
    reach: async (page, en) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: en.NAV.MENU, exact: true }).focus();
    },
    loaded: (page) => expect(page.locator("#site-menu[data-hydrated]")).toBeAttached(),
  },
  {
    what: "the footer, pointed at",
    path: "/en/about/",
    file: "site-footer",
    reach: (page) => page.locator("footer form").hover(),
    loaded: (page) => expect(page.locator("footer form")).toHaveAttribute("data-enhanced", "true"),
  },
  {
    what: "the sign-in form, pointed at",
    path: "/en/login/",
    file: "login-screen",
    reach: (page) => page.locator("main form").first().hover(),
    loaded: (page) => expect(page.locator("main form[data-hydrated]")).toBeAttached(),
  },
  {
    what: "the update check, a moment after hydration",
    path: "/en/about/",
    file: "update-notice",
    reach: async () => {},
    // Once in, the check asks the server when the window gets focus, and finds the newer build.
    loaded: (page, en) =>
      expect(async () => {
        await page.evaluate(() => dispatchEvent(new Event("focus")));
        await expect(page.getByRole("status").filter({ hasText: en.CONSENT.UPDATE_AVAILABLE })).toBeVisible({
          timeout: 1000,
        });
      }).toPass(),
  },
];

for (const code of OLD_BUILD_CODE) {
  test(`code a newer deploy removed, ${code.what}: the page reloads once, to the new build`, async ({
    page,
    messages: { en },
  }) => {
    await page.route("**/version.json", (route) => route.fulfill({ json: { id: "a-newer-build" } }));
    let failures = 0;
    await page.route(`**/assets/${code.file}-*.js`, (route) => {
      failures += 1;
      return failures === 1 ? route.abort("failed") : route.fallback();
    });
    let loads = 0;
    page.on("load", () => (loads += 1));
    await page.goto(code.path);
    await waitForHydration(page);
    await markDocument(page);

    await code.reach(page, en);
    // The old build's code fails once: the page reloads, and the new build's arrives.
    await expect(page.locator("html[data-same-document]")).toHaveCount(0, { timeout: 15_000 });
    await waitForHydration(page);
    expect(failures).toBe(1);
    await code.reach(page, en);
    await code.loaded(page, en);
    expect(loads).toBe(2);
    await expect(page).toHaveURL(new RegExp(`${code.path}$`));
  });
}
