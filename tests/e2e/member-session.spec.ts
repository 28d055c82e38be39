import { type Page, type Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForFormHydration, waitForHydration } from "./hydrated";
import { EMULATOR } from "./auth-emulator";

// Sessions at the edge with the seeded demo member (scripts/seed.sql, scripts/auth-emulator.mjs):
// the guard's login redirect and return path, a session whose cookie expired while the browser
// still holds Firebase's session, and the proof that public pages load no Firebase code.

const DEMO = { email: "demo@arena.test", password: "arena-demo-2026" };

/** Signs the demo member in on the login screen the page shows, keeping its return path. */
async function signInHere(page: Page) {
  const submit = page.locator("main button[type=submit]");
  await waitForFormHydration(page);
  await page.locator("main input[name=email]").fill(DEMO.email);
  await page.locator("main input[name=password]").fill(DEMO.password);
  await submit.click();
}

/** Collects the bodies of every script the page loads. */
function recordScripts(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on("response", (response: Response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
  });
  return bodies;
}

// The Firebase Auth SDK names its REST host; no other code in the site does.
const FIREBASE_MARK = "identitytoolkit.googleapis.com";

test("public pages load no Firebase code; the sign-in screen loads it once its form is reached for", async ({
  page,
}) => {
  const publicScripts = recordScripts(page);
  await page.goto("/es/");
  await page.waitForLoadState("networkidle");
  const publicBodies = await Promise.all(publicScripts);
  expect(publicBodies.length).toBeGreaterThan(0);
  expect(publicBodies.filter((body) => body.includes(FIREBASE_MARK))).toEqual([]);

  const authPage = await page.context().newPage();
  const authScripts = recordScripts(authPage);
  await authPage.goto("/es/login/");
  // A look at the screen loads neither the form's code nor the SDK.
  const email = authPage.locator("main input[name=email]");
  await waitForHydration(authPage);
  await authPage.waitForLoadState("networkidle");
  expect((await Promise.all(authScripts)).filter((body) => body.includes(FIREBASE_MARK))).toEqual([]);

  const sdkScripts = recordScripts(authPage);
  const sdkLoaded = authPage.waitForResponse(async (response) =>
    response.request().resourceType() === "script" ? (await response.text()).includes(FIREBASE_MARK) : false,
  );
  await email.focus();
  await sdkLoaded;
  expect((await Promise.all(sdkScripts)).some((body) => body.includes(FIREBASE_MARK))).toBe(true);
});

test("a sign-in sent at once, before the form's code and the SDK have loaded, waits for them and signs in", async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto("/en/login/?returnTo=%2Fen%2Fdashboard%2F");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect((await Promise.all(scripts)).filter((body) => body.includes(FIREBASE_MARK))).toEqual([]);
  // Typed without focusing (no event that would load the SDK early), then sent with the keyboard.
  await page.locator("main input[name=email]").evaluate((input: HTMLInputElement, value) => {
    input.value = value;
  }, DEMO.email);
  await page.locator("main input[name=password]").evaluate((input: HTMLInputElement, value) => {
    input.value = value;
  }, DEMO.password);
  await page.locator("main form").evaluate((form: HTMLFormElement) => form.requestSubmit());
  await expect(page).toHaveURL(/\/en\/dashboard\/$/);
});

test("a signed-in member browses public pages without the identity SDK until the token nears expiry", async ({
  member: page,
  messages: { en },
}) => {
  // A fresh token: public pages keep the session without a byte of Firebase.
  const fresh = await page.context().newPage();
  const freshScripts = recordScripts(fresh);
  await fresh.goto("/en/");
  await expect(fresh.getByRole("link", { name: new RegExp(en.NAV.MY_ACCOUNT) }).first()).toBeVisible();
  await fresh.waitForLoadState("networkidle");
  expect((await Promise.all(freshScripts)).filter((body) => body.includes(FIREBASE_MARK))).toEqual([]);

  // A token past its expiry: the page loads the SDK, which refreshes the session cookie.
  const { hostname } = new URL(page.url());
  await page.context().addCookies([{ name: "session_expires", value: "1", domain: hostname, path: "/" }]);
  const due = await page.context().newPage();
  const dueScripts = recordScripts(due);
  const refreshed = due.waitForResponse((response) => response.url().endsWith("/api/__session") && response.ok());
  await due.goto("/en/");
  await refreshed;
  expect((await Promise.all(dueScripts)).some((body) => body.includes(FIREBASE_MARK))).toBe(true);
  const expires = (await page.context().cookies()).find((cookie) => cookie.name === "session_expires");
  expect(Number(expires?.value)).toBeGreaterThan(Date.now() / 1000);
});

test("the dashboard sends an anonymous visitor to login, and back to the page wanted", async ({ page }) => {
  const response = await page.request.get("/en/dashboard/events/?tab=past", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["cache-control"]).toBe("private, no-store");

  await page.goto("/en/dashboard/events/?tab=past");
  await expect(page).toHaveURL(/\/en\/login\/\?returnTo=%2Fen%2Fdashboard%2Fevents%2F%3Ftab%3Dpast$/);
  await signInHere(page);
  await expect(page).toHaveURL(/\/en\/dashboard\/events\/\?tab=past$/);
  await expect(page.getByRole("link", { name: "Valencia Gospel Choir", exact: true })).toBeVisible();
});

test("an expired session cookie with a live browser session is refreshed, not bounced to login", async ({
  member: page,
}) => {
  await page.goto("/en/dashboard/events/");

  // The browser drops the cookie when the token expires; Firebase's own session lives on.
  await page.context().clearCookies({ name: "__session" });
  const document = await page.request.get("/en/dashboard/events/", { maxRedirects: 0 });
  expect(document.status()).toBe(200);
  expect(await document.text()).not.toContain("Marea Alta: Mediterrània Tour");

  await page.goto("/en/dashboard/events/");
  await expect(page.getByRole("link", { name: "Marea Alta: Mediterrània Tour", exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/dashboard\/events\/$/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === "__session" && cookie.httpOnly)).toBe(true);
});

test("the session cookie is HttpOnly, SameSite=Lax and not Secure on plain-http loopback", async ({ member: page }) => {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "__session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false });
  expect(session!.expires).toBeGreaterThan(Date.now() / 1000 + 3000);
  expect(session!.expires).toBeLessThanOrEqual(Date.now() / 1000 + 3600);
  // Its readable expiry, for public pages to refresh it in time, says the same.
  const expires = (await page.context().cookies()).find((cookie) => cookie.name === "session_expires");
  expect(expires).toMatchObject({ httpOnly: false, sameSite: "Lax", path: "/" });
  expect(Math.abs(Number(expires!.value) - session!.expires)).toBeLessThanOrEqual(5);
});

test("password reset: the emulator's link sets a new password that signs in", async ({ page, messages: { en } }) => {
  const email = `reset-${Date.now()}@arena.test`;
  const identity = `${EMULATOR}/identitytoolkit.googleapis.com/v1`;
  const created = await fetch(`${identity}/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "forgotten-1", returnSecureToken: true }),
  });
  expect(created.ok).toBe(true);

  await page.goto("/en/password-reset/");
  const submit = page.getByRole("button", { name: en.AUTH.RESET.SUBMIT });
  await waitForFormHydration(page);
  await page.locator("main input[name=email]").fill(email);
  await submit.click();
  await expect(page.getByRole("status")).toHaveText(en.SUCCESS.RESET_SENT);

  const { oobCodes } = (await (await fetch(`${EMULATOR}/emulator/v1/projects/demo-arena/oobCodes`)).json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === "PASSWORD_RESET").at(-1);
  expect(code).toBeDefined();
  const reset = await fetch(`${identity}/accounts:resetPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ oobCode: code!.oobCode, newPassword: "remembered-2" }),
  });
  expect(reset.ok).toBe(true);

  await page.goto("/en/login/");
  const signInButton = page.getByRole("button", { name: en.AUTH.LOGIN.SUBMIT, exact: true });
  await waitForFormHydration(page);
  await page.locator("main input[name=email]").fill(email);
  await page.locator("main input[name=password]").fill("remembered-2");
  await signInButton.click();
  // Using the emailed link proved the address, so Firebase marks it verified: straight to the dashboard.
  await expect(page).toHaveURL(/\/en\/dashboard\/$/);
});
