import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { waitForFormHydration } from "./hydrated";
import { expect, test, type SiteMessages } from "./fixtures";
import { LANGS } from "./site-pages";
import type Messages from "#locales/es.json";
import { EMULATOR } from "./auth-emulator";

type TicketMessages = (typeof Messages)["DASHBOARD"]["TICKET"];

// The ticket at the gate (docs/tickets.md): a page per ticket with the code the ticketing
// platform issued, drawn as a QR code by the server, that opens offline once the member's
// upcoming tickets are kept, and that no longer opens once the member signs out or the session
// is revoked from another device.

const IMPORT_KEY = "local-tickets-import-key";
const DAY = 24 * 60 * 60 * 1000;

interface Member {
  email: string;
  password: string;
  /** The pages of the two upcoming tickets imported for them, soonest first. */
  tickets: [string, string];
  /** The page of their past ticket, which is not kept. */
  past: string;
}

/** A verified account in the Auth emulator, with two upcoming tickets and a past one imported for it. */
async function memberWithTickets(request: APIRequestContext, name: string): Promise<Member> {
  const email = `${name}-${Date.now()}@arena.test`;
  const password = "tickets-pass-2026";
  const created = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-arena/accounts`, {
    method: "POST",
    headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, emailVerified: true }),
  });
  expect(created.ok).toBe(true);
  const ticket = (id: string, days: number, code: string) => ({
    id: `${email}-${id}`,
    email,
    eventSlug: "summer-gala",
    eventName: "Summer Gala",
    eventStartsAt: new Date(Date.now() + days * DAY).toISOString(),
    purchasedAt: new Date(Date.now() - DAY).toISOString(),
    priceCents: 5500,
    seat: "Row 3, seat 7",
    entrance: "Gate 2",
    code,
  });
  const imported = await request.post("/api/tickets/import", {
    headers: { Authorization: `Bearer ${IMPORT_KEY}` },
    data: { tickets: [ticket("A", 10, "ARV1-A-1111"), ticket("B", 20, "ARV1-B-2222"), ticket("P", -10, "ARV1-P")] },
  });
  expect(imported.status()).toBe(200);
  const page = (id: string) => `/en/dashboard/tickets/${encodeURIComponent(`${email}-${id}`.toLowerCase())}/`;
  return { email, password, tickets: [page("a"), page("b")], past: page("p") };
}

async function signIn(page: Page, member: Member) {
  await page.goto("/en/login/");
  await waitForFormHydration(page);
  await page.locator("main input[name=email]").fill(member.email);
  await page.locator("main input[name=password]").fill(member.password);
  await page.locator("main button[type=submit]").click();
  await expect(page).toHaveURL(/\/en\/dashboard\/$/);
}

/**
 * Opens the first ticket from the member's events and waits until the page says the device keeps
 * the tickets (said once the pages are stored and the worker answers for them).
 */
async function keepTickets(page: Page, member: Member, { SHOW: show, SAVED_OFFLINE: saved }: TicketMessages) {
  await page.goto("/en/dashboard/events/");
  const card = page.locator(".ticket-card").filter({ hasText: "Summer Gala" }).first();
  await card.getByRole("link", { name: show, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${member.tickets[0]}$`));
  await expect(page.getByRole("status").filter({ hasText: saved })).toBeVisible();
}

/**
 * Whether the ticket page opens with its code (false: the browser's offline error, the list of
 * kept tickets the worker sends a page it does not keep to, or no code).
 */
async function opensOffline(page: Page, path: string, code: string): Promise<boolean> {
  const response = await page.goto(path).catch(() => null);
  if (!response) return false;
  // Read as the page is once loaded: a page without the code must not be waited on for it.
  return (await page.locator(".ticket-pass__code-text").allTextContents()).join() === code;
}

/**
 * Whether a member page opened now shows the list of upcoming tickets (offline: the kept list, to
 * which the worker sends any member page that cannot load), and the events it lists.
 */
async function listOpens(page: Page, path: string, title: string): Promise<string[] | null> {
  const response = await page.goto(path).catch(() => null);
  if (!response) return null;
  const heading = page.getByRole("heading", { level: 2, name: title, exact: true });
  if (!(await heading.isVisible())) return null;
  return page.locator(".ticket-list__name").allTextContents();
}

/** What the browser keeps of offline tickets: the caches and the ticket service worker. */
async function keptInBrowser(page: Page) {
  await page.goto("/en/");
  return page.evaluate(async () => ({
    caches: (await caches.keys()).filter((name) => name.startsWith("arena-tickets:")),
    workers: (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
  }));
}

test("a ticket's page shows the issued code as a QR code, what is printed on it, and passes axe", async ({
  member: page,
  axe,
  messages,
}) => {
  for (const lang of LANGS) {
    const t = messages[lang].DASHBOARD.TICKET;
    await page.goto(`/${lang}/dashboard/events/`);
    await page.locator(".ticket-card").first().getByRole("link", { name: t.SHOW, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard/tickets/demo-1001/$`));
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const qr = page.getByRole("img", { name: /Marea Alta/ });
      await expect(qr).toBeVisible();
      // Large enough for a gate scanner at arm's length, and square.
      const box = await qr.boundingBox();
      expect(box && Math.round(box.width)).toBeGreaterThanOrEqual(240);
      expect(box && Math.round(box.width)).toBe(box && Math.round(box.height));
      // On a phone the code is on the first screen.
      if (width === 390) expect(box && box.y + box.height).toBeLessThanOrEqual(844);
      await expect(page.locator(".ticket-pass__code-text")).toHaveText("ARV1-1001-7F3K9Q2D");
      const facts = page.locator(".ticket-pass__facts");
      await expect(facts.getByText("Puerta 3", { exact: true })).toBeVisible();
      await expect(facts.getByText("Pista B, fila 4, asiento 12", { exact: true })).toBeVisible();
      await expect(facts).toContainText(t.DOORS);
      // Nothing of the page wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await axe();
    }
  }
});

test("the member's upcoming tickets open offline, and not once they sign out", async ({
  page,
  request,
  messages,
  axe,
}) => {
  // A long walk: keep, offline through the list and both tickets, back online, sign out, offline again.
  test.slow();
  const member = await memberWithTickets(request, "offline");
  await signIn(page, member);
  await keepTickets(page, member, messages.en.DASHBOARD.TICKET);
  const { TITLE: list } = messages.en.DASHBOARD.TICKETS;

  // A member page open when the connection goes offers the list of kept tickets.
  await page.goto("/en/dashboard/events/");
  await page.context().setOffline(true);
  await expect(page.locator("main .notice").getByRole("link", { name: list, exact: true })).toBeVisible();
  await axe();

  await page.goto(member.tickets[0]);
  await expect(page.locator(".ticket-pass__code-text")).toHaveText("ARV1-A-1111");
  await expect(page.getByRole("img", { name: "QR code of your ticket for Summer Gala" })).toBeVisible();
  // The header's logo too, not a broken picture.
  expect(
    await page
      .locator("header img")
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  // The other upcoming ticket was kept too, without being opened; a past one is not kept (and
  // so this browser is really offline, service worker included).
  expect(await opensOffline(page, member.tickets[1], "ARV1-B-2222")).toBe(true);
  expect(await opensOffline(page, member.past, "ARV1-P")).toBe(false);

  // The list of upcoming tickets is kept too, and a member page that cannot load offline (the
  // overview, their events) is sent there rather than to the browser's offline page.
  for (const path of ["/en/dashboard/tickets/", "/en/dashboard/", "/en/dashboard/events/"]) {
    expect(await listOpens(page, path, list), path).toEqual(["Summer Gala", "Summer Gala"]);
  }
  await expect(page).toHaveURL(/\/en\/dashboard\/tickets\/$/);
  // Its links open the kept ticket pages, and each page leads back to it, all offline.
  const shows = page.getByRole("link", { name: messages.en.DASHBOARD.TICKET.SHOW, exact: true });
  await shows.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`${member.tickets[1]}$`));
  await expect(page.locator(".ticket-pass__code-text")).toHaveText("ARV1-B-2222");
  await page.getByRole("link", { name: messages.en.DASHBOARD.TICKET.ALL, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/dashboard\/tickets\/$/);
  await shows.first().click();
  await expect(page.locator(".ticket-pass__code-text")).toHaveText("ARV1-A-1111");

  // Signing out needs the server: offline the button says so, and works once the connection is back.
  const signOut = page.getByRole("button", { name: messages.en.AUTH.SESSION.SIGN_OUT });
  await expect(signOut).toBeDisabled();
  await expect(signOut).toHaveAccessibleDescription(messages.en.AUTH.SESSION.SIGN_OUT_OFFLINE);
  await axe();
  // A ticket page leads to the list itself (no notice above the code), and offline the tabs lead
  // there too rather than to an error.
  await expect(page.locator("main .notice")).toHaveCount(0);
  await page
    .getByRole("navigation", { name: messages.en.DASHBOARD.NAV_LABEL })
    .getByRole("link", { name: messages.en.DASHBOARD.NAV.EVENTS })
    .click();
  await expect(page).toHaveURL(/\/en\/dashboard\/tickets\/$/);
  await expect(page.locator(".ticket-list__name")).toHaveText(["Summer Gala", "Summer Gala"]);
  await page.context().setOffline(false);
  await expect(signOut).toBeEnabled();
  await expect(signOut).not.toHaveAccessibleDescription(messages.en.AUTH.SESSION.SIGN_OUT_OFFLINE);
  await signOut.click();
  await expect(page).toHaveURL(/\/en\/login\/$/);
  await expect.poll(() => keptInBrowser(page)).toEqual({ caches: [], workers: [] });

  await page.context().setOffline(true);
  expect(await opensOffline(page, member.tickets[0], "ARV1-A-1111")).toBe(false);
  expect(await opensOffline(page, member.tickets[1], "ARV1-B-2222")).toBe(false);
  for (const path of ["/en/dashboard/tickets/", "/en/dashboard/"]) {
    expect(await listOpens(page, path, list), path).toBeNull();
  }
});

test("the list of upcoming tickets leads to each ticket's page, at a phone's and a desktop's width, and passes axe", async ({
  member: page,
  axe,
  messages,
}) => {
  for (const lang of LANGS) {
    const t = messages[lang].DASHBOARD;
    // Reached from the overview, where the member starts.
    await page.goto(`/${lang}/dashboard/`);
    await page.getByRole("link", { name: t.OVERVIEW.ALL_TICKETS, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard/tickets/$`));
    await expect(page.getByRole("heading", { level: 2, name: t.TICKETS.TITLE, exact: true })).toBeVisible();
    const first = page.locator(".ticket-list__item").first();
    const show = first.getByRole("link", { name: t.TICKET.SHOW, exact: true });
    await expect(show).toHaveAttribute("href", new RegExp(`^/${lang}/dashboard/tickets/[^/]+/$`));
    await expect(first.locator("time")).toBeVisible();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const name = await first.locator(".ticket-list__name").boundingBox();
      const button = await show.boundingBox();
      if (width === 1366) expect(button && name && button.x).toBeGreaterThan((name?.x ?? 0) + (name?.width ?? 0));
      // On a phone the button takes the card's width under the event, where a thumb reaches it.
      else expect(button && name && button.y).toBeGreaterThan((name?.y ?? 0) + (name?.height ?? 0));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await axe();
    }
    await show.click();
    await expect(page.locator(".ticket-pass__code-text")).toBeVisible();
  }
});

/** Waits until the clock has moved past the whole second it reads now (auth times are whole seconds). */
async function nextSecond() {
  const second = Math.floor(Date.now() / 1000);
  await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [50] }).toBeGreaterThan(second);
}

async function signedInBrowser(browser: Browser, member: Member) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, member);
  return page;
}

/**
 * A phone that kept the member's tickets, whose session the member then ended from a laptop
 * ("sign out everywhere"); the phone has not been back online since.
 */
async function phoneRevokedFromLaptop(browser: Browser, member: Member, en: SiteMessages) {
  const phone = await signedInBrowser(browser, member);
  await keepTickets(phone, member, en.DASHBOARD.TICKET);
  const laptop = await signedInBrowser(browser, member);
  await nextSecond();
  await laptop.goto("/en/dashboard/settings/");
  const everywhere = laptop.getByRole("button", { name: en.DASHBOARD.SETTINGS.SIGN_OUT_ALL_BUTTON });
  await expect(everywhere).toBeEnabled();
  await everywhere.click();
  await expect(laptop).toHaveURL(/\/en\/login\/$/);
  return phone;
}

test("a session revoked from another device forgets the kept tickets at the next visit", async ({
  browser,
  request,
  messages: { en },
}) => {
  const member = await memberWithTickets(request, "revoked");
  const phone = await phoneRevokedFromLaptop(browser, member, en);

  // The phone opens its ticket online: the server sends it to sign in, and the worker forgets.
  await phone.goto(member.tickets[0]);
  await expect(phone).toHaveURL(/\/en\/login\/\?returnTo=/);
  await expect.poll(async () => (await keptInBrowser(phone)).caches).toEqual([]);

  await phone.context().setOffline(true);
  expect(await opensOffline(phone, member.tickets[0], "ARV1-A-1111")).toBe(false);
  expect(await opensOffline(phone, member.tickets[1], "ARV1-B-2222")).toBe(false);
});

test("an event's ticket page sets its picture beside the facts and buy buttons at their own width", async ({
  page,
  axe,
  messages,
}) => {
  for (const lang of LANGS) {
    const buy = page.getByRole("link", { name: messages[lang].EVENTS.BUY_NOW, exact: true });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/${lang}/event/marea-alta-gira-mediterrania/tickets/`);
      const picture = await page.locator(".ticket-page__image").boundingBox();
      const title = await page.getByRole("heading", { level: 1 }).boundingBox();
      const button = await buy.boundingBox();
      if (width === 1366) {
        // Side by side, and the button as wide as its words, not the page.
        expect(picture && title && picture.x + picture.width).toBeLessThan(title?.x ?? 0);
        expect(button?.width).toBeLessThan(400);
      } else {
        expect(picture && title && picture.y + picture.height).toBeLessThanOrEqual(title?.y ?? 0);
        expect(button && button.width).toBeGreaterThan(300);
      }
      await expect(page.locator(".ticket-page__facts")).toContainText(messages[lang].EVENTS.DOORS);
      await axe();
    }
  }
});

test("a revoked session's tickets go as soon as the server sends the browser to sign in, from any page", async ({
  browser,
  request,
  messages: { en },
}) => {
  const member = await memberWithTickets(request, "refused");
  const phone = await phoneRevokedFromLaptop(browser, member, en);

  // Not a page the worker keeps: it passes the request on, the server, which no longer knows the
  // session, sends the browser to sign in, and that screen forgets the tickets.
  await phone.goto("/en/dashboard/settings/");
  await expect(phone).toHaveURL(/\/en\/login\/\?returnTo=/);
  const kept = () =>
    phone.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("arena-tickets:")));
  await expect.poll(kept, { timeout: 15_000 }).toEqual([]);
  await phone.context().setOffline(true);
  expect(await opensOffline(phone, member.tickets[0], "ARV1-A-1111")).toBe(false);
});
