import { all, one, parseHtml } from "#tests/html.ts";
import { expect, test } from "./fixtures";
import { holdRequests } from "./hold-requests";
import { waitForHydration } from "./hydrated";

// The sign-in, registration and password-reset forms are usable from the first paint
// (app/lib/held-submits.ts, docs/auth.md): nothing is disabled in the server's HTML, and a sign-in
// sent before the page has hydrated is held, never sent as a plain form, and sent once it has.

const DEMO = { email: "demo@arena.test", password: "arena-demo-2026" };

for (const path of ["/en/login/", "/es/register/", "/val/password-reset/"]) {
  test(`${path} is usable as the server sends it: no disabled field, a form that posts`, async ({ request }) => {
    const form = one(parseHtml(await (await request.get(path)).text()), "form[data-hold-submit]");
    expect(form.getAttribute("method")).toBe("post");
    one(form, 'input[name="email"]');
    expect(all(form, "[disabled]")).toEqual([]);
  });
}

test("a sign-in sent before the page has hydrated is held, then sent once it has", async ({ page, messages }) => {
  const { en } = messages;
  // The framework waits until the visitor has typed and sent: the page is not hydrated meanwhile.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const sentToLogin: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/en/login/" && request.resourceType() === "document") {
      sentToLogin.push(`${request.method()} ${request.url()}`);
    }
  });
  await page.goto("/en/login/?returnTo=%2Fen%2Fdashboard%2F", { waitUntil: "domcontentloaded" });
  const email = page.locator("main input[name=email]");
  await expect(email).toBeEditable();
  await email.fill(DEMO.email);
  await page.locator("main input[name=password]").fill(DEMO.password);
  await page.locator("main input[name=password]").press("Enter");
  await expect(page.locator("main form")).toHaveAttribute("data-held", "");
  expect(await page.evaluate(() => document.querySelector("main form")?.hasAttribute("data-hydrated"))).toBe(false);
  // Held: no plain submit left the page (the first load is the only document request).
  expect(sentToLogin).toHaveLength(1);
  expect(page.url()).not.toContain("password");
  // Held, and shown so: the button is busy and says what is happening (no frozen form).
  const button = page.locator("main form button[type=submit]");
  await expect(button).toHaveAttribute("aria-busy", "true");
  await expect(button).toHaveAccessibleName(en.AUTH.WORKING);

  // Once hydrated the form sends it; the button stays busy while the sign-in is in flight.
  const signingIn = await holdRequests(page, /accounts:signInWithPassword/);
  release();
  await expect(page.locator("main form")).toHaveAttribute("data-hydrated", "");
  await expect(page.getByRole("button", { name: en.AUTH.WORKING })).toHaveAttribute("aria-busy", "true");
  signingIn.release();
  await expect(page).toHaveURL(/\/en\/dashboard\/$/);
  expect(sentToLogin).toHaveLength(1);
});

test("a sign-in sent after hydration but before the form's own code has arrived is held, then sent", async ({
  page,
  messages,
}) => {
  const { en } = messages;
  // The page hydrates; the form's code (loaded once the form is reached for) is held back.
  const formCode = await holdRequests(page, /\/assets\/login-screen-[\w-]+\.js$/);
  await page.goto("/en/login/?returnTo=%2Fen%2Fdashboard%2F");
  await waitForHydration(page);
  await page.locator("main input[name=email]").fill(DEMO.email);
  await page.locator("main input[name=password]").fill(DEMO.password);
  await page.locator("main input[name=password]").press("Enter");
  await expect(page.locator("main form")).toHaveAttribute("data-held", "");
  await expect(page.locator("main form button[type=submit]")).toHaveAccessibleName(en.AUTH.WORKING);
  expect(await page.locator("main form[data-hydrated]").count()).toBe(0);

  // The code arrives: the form hydrates with what was typed and signs in.
  formCode.release();
  await expect(page).toHaveURL(/\/en\/dashboard\/$/);
});
