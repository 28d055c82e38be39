import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { field } from "./forms-helpers";
import { waitForFormHydration } from "./hydrated";

// Each page is sent only the messages its routes and blocks use (docs/performance.md, "What
// each page is sent"); a client navigation brings the next route's messages with its data. Walked in the
// browser, client-side only, in each language: no message may be missing (the translator reports
// one on the console) and no raw key may reach the screen; forms still word their field messages.

type Tree = { [key: string]: string | Tree };
const DEMO = { email: "demo@arena.test", password: "arena-demo-2026" };

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === "string" ? [`${prefix}${name}`] : keysOf(value, `${prefix}${name}.`),
  );
}
/** The message at `key` (dotted) of a language's catalogue, its `{{params}}` filled in. */
function message(catalogue: Tree, key: string, params: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = catalogue;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`no message ${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** A field message as the site words it: the form agreeing with the label (app/lib/field-messages.ts). */
function fieldMessage(catalogue: Tree, key: string, field: string, n?: number): string {
  const agreement = message(catalogue, `FIELD_AGREEMENT.${field}`);
  const form = agreement === "m" ? key : `${key}_${agreement.toUpperCase()}`;
  return message(catalogue, form, { field: message(catalogue, `FIELD.${field}`), n: n ?? "" });
}

/** The text on screen and the labelling attributes of every element, as one string. */
function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ["aria-label", "title", "placeholder", "alt", "aria-description", "aria-roledescription"];
    const values = [...document.querySelectorAll("*")].flatMap((element) =>
      attributes.map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.title, document.body.innerText, ...values].join("\n");
  });
}

/** The catalogue keys found verbatim in `texts`. */
function rawKeys(keys: string[], texts: string): string[] {
  return keys.filter((key) => new RegExp(`(^|[^\\w.])${key.replace(/\./g, "\\.")}($|[^\\w.])`).test(texts));
}

/** Follows a visible link in the page, as a visitor would (a client-side navigation). */
async function follow(page: Page, link: Locator, url: RegExp) {
  await link.first().click();
  await expect(page).toHaveURL(url);
  await page.waitForLoadState("networkidle");
}

for (const lang of ["es", "en", "val"] as const) {
  test(`client-side walk in ${lang}: home → events → event → about → contact → login → dashboard, every message there`, async ({
    page,
    messages,
  }) => {
    test.setTimeout(180_000);
    const catalogue: Tree = messages[lang];
    const keys = keysOf(messages.es);
    const missing: string[] = [];
    page.on("console", (entry) => {
      if (entry.text().includes("[i18n]")) missing.push(entry.text());
    });
    const problems: string[] = [];
    async function check(step: string, expected: string) {
      // Compared in lower case: some labels are shown in capitals (CSS text-transform).
      await expect
        .poll(async () => (await screenText(page)).toLowerCase(), { message: `${step} shows "${expected}"` })
        .toContain(expected.toLowerCase());
      for (const key of rawKeys(keys, await screenText(page))) problems.push(`${step}: raw key ${key}`);
      // Still the document the walk started in: every step was a client-side navigation.
      expect(await page.evaluate(() => "walkStarted" in window)).toBe(true);
    }

    await page.goto(`/${lang}/`);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => Object.assign(window, { walkStarted: true }));
    await check("home", message(catalogue, "EVENTS.UPCOMING_TITLE"));

    await follow(page, page.locator(`header a[href="/${lang}/events/"]:visible`), new RegExp(`/${lang}/events/$`));
    await check("events", message(catalogue, "EVENTS.FILTERS"));

    await follow(page, page.locator(`main a[href^="/${lang}/event/"]:visible`), new RegExp(`/${lang}/event/[^/]+/$`));
    await check("event", message(catalogue, "EVENTS.DETAILS"));

    await follow(page, page.locator(`a[href="/${lang}/about/"]:visible`), new RegExp(`/${lang}/about/$`));
    await check("about", message(catalogue, "FOOTER.VENUE"));

    await follow(page, page.locator(`a[href="/${lang}/contact/"]:visible`), new RegExp(`/${lang}/contact/$`));
    await check("contact", message(catalogue, "FORMS.PRIVACY_LABEL"));
    // The contact form, rendered by the browser after the navigation, words its field messages.
    const contact = page.locator("main form").first();
    await expect(contact).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
    const name = field(contact, message(catalogue, "FIELD.name"));
    await name.fill("A");
    await name.blur();
    await expect(name).toHaveAccessibleDescription(fieldMessage(catalogue, "VALIDATION.MIN_LENGTH", "name", 2));
    // So does the footer's newsletter form (the shell's messages).
    const footer = page.locator("footer").getByRole("form", { name: message(catalogue, "FORMS.NEWSLETTER.TITLE") });
    await footer.scrollIntoViewIfNeeded();
    await expect(footer).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
    const email = field(footer, message(catalogue, "FIELD.email"));
    await email.fill("not-an-address");
    await email.blur();
    await expect(email).toHaveAccessibleDescription(
      message(catalogue, "VALIDATION.EMAIL", { field: message(catalogue, "FIELD.email") }),
    );

    await follow(page, page.locator(`header a[href="/${lang}/login/"]:visible`), new RegExp(`/${lang}/login/`));
    await check("login", message(catalogue, "AUTH.LOGIN.TITLE"));
    const submit = page.getByRole("button", { name: message(catalogue, "AUTH.LOGIN.SUBMIT"), exact: true });
    await waitForFormHydration(page);
    // A field message of the sign-in form (its own set), before signing in for real.
    const password = field(page.locator("main"), message(catalogue, "FIELD.password"));
    await password.focus();
    await password.blur();
    await expect(password).toHaveAccessibleDescription(fieldMessage(catalogue, "VALIDATION.REQUIRED", "password"));
    await page.locator("main input[name=email]").fill(DEMO.email);
    await password.fill(DEMO.password);
    await submit.click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard/$`), { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    await check("dashboard", message(catalogue, "DASHBOARD.OVERVIEW.NEXT_EVENT"));

    await follow(
      page,
      page.locator(
        `main a[href="/${lang}/dashboard/events/"]:visible, nav a[href="/${lang}/dashboard/events/"]:visible`,
      ),
      new RegExp(`/${lang}/dashboard/events/`),
    );
    await check("dashboard events", message(catalogue, "DASHBOARD.EVENTS.FUTURE"));

    expect(problems).toEqual([]);
    expect(missing).toEqual([]);
  });
}
