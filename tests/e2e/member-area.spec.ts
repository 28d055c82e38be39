import { waitForFormHydration, waitForHydration } from "./hydrated";
import { expect, test } from "./fixtures";

// The member area's look and structure with the seeded demo member (scripts/seed.sql): section
// tabs by keyboard, ticket cards, the overview's next event, axe on every section, and the notice
// that replaces the identity forms when JavaScript is off.

test("a signed-in member opening login or registration goes on to the account", async ({ member: page }) => {
  await page.goto("/en/login/?returnTo=%2Fen%2Fdashboard%2Fsettings%2F");
  await expect(page).toHaveURL(/\/en\/dashboard\/settings\/$/);
  await page.goto("/val/register/");
  await expect(page).toHaveURL(/\/val\/dashboard\/$/);
});

test("the dashboard's section tabs work by keyboard and mark the current section", async ({
  member: page,
  messages: { en },
}) => {
  const nav = page.getByRole("navigation", { name: en.DASHBOARD.NAV_LABEL });
  const overview = nav.getByRole("link", { name: en.DASHBOARD.NAV.OVERVIEW });
  await expect(overview).toHaveAttribute("aria-current", "page");

  await overview.focus();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: en.DASHBOARD.NAV.EVENTS })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/dashboard\/events\/$/);
  await expect(nav.getByRole("link", { name: en.DASHBOARD.NAV.EVENTS })).toHaveAttribute("aria-current", "page");
  await expect(overview).not.toHaveAttribute("aria-current", "page");

  // The future/past switch, by keyboard too.
  const periods = page.getByRole("navigation", { name: en.DASHBOARD.EVENTS.TABS });
  await expect(periods.getByRole("link", { name: en.DASHBOARD.EVENTS.FUTURE })).toHaveAttribute("aria-current", "page");
  await periods.getByRole("link", { name: en.DASHBOARD.EVENTS.PAST }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/dashboard\/events\/\?tab=past$/);
  await expect(periods.getByRole("link", { name: en.DASHBOARD.EVENTS.PAST })).toHaveAttribute("aria-current", "page");

  // A visible focus ring on the tabs.
  await nav.getByRole("link", { name: en.DASHBOARD.NAV.SETTINGS }).focus();
  const outline = await nav
    .getByRole("link", { name: en.DASHBOARD.NAV.SETTINGS })
    .evaluate((link) => getComputedStyle(link).outlineStyle);
  expect(outline).not.toBe("none");
});

test("tickets are cards with the event's picture, date, seat, price, link and calendar file", async ({
  member: page,
  axe,
  messages: { en },
}) => {
  await page.goto("/en/dashboard/events/");
  const card = page.locator(".ticket-card", { hasText: "Marea Alta: Mediterrània Tour" });
  await expect(card.getByRole("link", { name: "Marea Alta: Mediterrània Tour" })).toHaveAttribute(
    "href",
    "/en/event/marea-alta-gira-mediterrania/",
  );
  await expect(card.locator("img")).toHaveAttribute(
    "src",
    /\/images\/events\/marea-alta-gira-mediterrania-\d+x\d+\.webp$/,
  );
  await expect(card.locator("img")).toHaveAttribute("alt", /light beams/);
  await expect(card.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT20:00:00\.000Z$/);
  await expect(card.locator("time")).toContainText("21:00");
  await expect(card.locator("time")).toContainText("Friday");
  await expect(card).toContainText("Pista B, fila 4, asiento 12");
  await expect(card).toContainText("€45.50");
  const calendar = card.getByRole("link", { name: en.EVENTS.ADD_TO_CALENDAR });
  await expect(calendar).toHaveAttribute("href", "/en/event/marea-alta-gira-mediterrania/calendar.ics");
  const ics = await page.request.get((await calendar.getAttribute("href"))!);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  await axe();

  // Past tickets: the translated event name, no calendar file.
  await page.goto("/en/dashboard/events/?tab=past");
  const past = page.locator(".ticket-card", { hasText: "Valencia Gospel Choir" });
  await expect(past.locator("img")).toHaveAttribute("src", /coro-gospel-de-valencia-\d+x\d+\.webp$/);
  await expect(past.getByRole("link", { name: en.EVENTS.ADD_TO_CALENDAR })).toHaveCount(0);
});

test("the overview shows the member's next event; every section passes axe", async ({
  member: page,
  axe,
  messages: { en },
}) => {
  const next = page.locator(".dashboard-overview__next");
  await expect(next.getByRole("heading", { name: en.DASHBOARD.OVERVIEW.NEXT_EVENT })).toBeVisible();
  await expect(next.locator(".ticket-card")).toHaveCount(1);
  await expect(next.getByRole("link", { name: "Marea Alta: Mediterrània Tour" })).toBeVisible();
  await axe();
  for (const section of ["user-information/", "settings/"]) {
    await page.goto(`/en/dashboard/${section}`);
    await expect(page.locator("main h2").first()).toBeVisible();
    await axe();
  }
  // Removing the account sits in the danger zone, with the danger button.
  await expect(page.locator(".danger-zone .button--danger")).toHaveText(en.DASHBOARD.SETTINGS.DELETE_BUTTON);
});

test("removing the account by keyboard: focus follows each step to the safe choice, and Cancel or Escape returns it", async ({
  member: page,
  messages: { en },
}) => {
  await page.goto("/en/dashboard/settings/");
  await waitForHydration(page);
  const remove = page.getByRole("button", { name: en.DASHBOARD.SETTINGS.DELETE_BUTTON });
  await expect(remove).toBeEnabled();
  await remove.focus();
  await page.keyboard.press("Enter");
  // The button that had focus is gone: focus is on the confirmation's Cancel (Enter pressed
  // twice must not remove an account), not lost to the page.
  const cancel = page.getByRole("button", { name: en.DASHBOARD.SETTINGS.DELETE_CANCEL });
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: en.DASHBOARD.SETTINGS.DELETE_CONFIRM })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(remove).toBeFocused();
});

test("a refused sign-in puts focus on its message, not on the page", async ({ page, messages: { en } }) => {
  await page.goto("/en/login/");
  await waitForFormHydration(page);
  await page.locator("main input[name=email]").fill("demo@arena.test");
  await page.locator("main input[name=password]").fill("not-the-password-1");
  await page.locator("main input[name=password]").press("Enter");
  const message = page.locator("main [role=alert]").first();
  await expect(message).toHaveText(en.AUTH_ERROR.INVALID_CREDENTIAL);
  await expect(message).toBeFocused();
});
