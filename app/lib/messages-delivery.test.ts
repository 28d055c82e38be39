import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { idTokenClaims, useGoogleKeyEndpoint } from "#tests/mocks/google-keys/index.ts";
import { BROWSER_UA, dataPath, request, routeData, SITE_ORIGIN } from "#tests/harness.ts";
import { all, parseHtml } from "#tests/html.ts";
import { CATALOGUES } from "./catalogues.server";
import { thaw } from "./frozen";
import { lookupMessage, mergeMessages, observeMessageLookups, type MessageTree } from "./i18n";
import { LANGUAGES, type Lang } from "./languages";
import { routeMessages, SHELL_MESSAGES } from "./messages.server";

/*
 * Every page is sent only the messages its routes and blocks use (docs/performance.md, "Messages
 * per page"). Each page is rendered by the real Worker while every translator lookup is recorded;
 * each key it looked up must be in what the page was sent: the messages in its routes' loader data
 * (read back from the page's `.data` answer, which is also what a client navigation receives).
 */

const google = useGoogleKeyEndpoint();

let lookups: { key: string; found: boolean }[] = [];
let stop = () => {};
beforeEach(() => {
  lookups = [];
  stop = observeMessageLookups((key, found) => lookups.push({ key, found }));
});
afterEach(() => stop());

async function sessionCookie(verified: boolean): Promise<string> {
  return `__session=${await google.sign(idTokenClaims({ email_verified: verified }))}; signed_in=1`;
}

/** Every route's `messages` in a `.data` answer, merged: what the page was sent. */
async function delivered(path: string, cookie?: string): Promise<MessageTree> {
  const response = await request(dataPath(path), {
    env: { GOOGLE_KEYS_URL: google.url },
    headers: { "User-Agent": BROWSER_UA, ...(cookie ? { Cookie: cookie } : {}) },
  });
  const routes = await routeData(response);
  const parts: MessageTree[] = [];
  for (const result of Object.values(routes)) {
    for (const value of [result.data, result.error]) {
      // Frozen (app/lib/frozen.ts): one JSON string per set.
      if (typeof value === "object" && value !== null && "messages" in value)
        parts.push(JSON.parse((value as { messages: string }).messages) as MessageTree);
    }
  }
  return mergeMessages(parts);
}

/** Renders the page and returns the keys it looked up (and checks none was missing). */
async function render(path: string, init: RequestInit & { expectStatus?: number } = {}): Promise<Set<string>> {
  lookups = [];
  const { expectStatus = 200, ...requestInit } = init;
  const response = await request(path, {
    ...requestInit,
    env: { GOOGLE_KEYS_URL: google.url },
    headers: { "User-Agent": BROWSER_UA, ...(requestInit.headers as Record<string, string> | undefined) },
  });
  const html = await response.text();
  expect({ path, status: response.status }).toEqual({ path, status: expectStatus });
  expect(html).toContain("</html>");
  expect(lookups.length).toBeGreaterThan(0);
  expect({ path, missing: lookups.filter((lookup) => !lookup.found).map((lookup) => lookup.key) }).toEqual({
    path,
    missing: [],
  });
  return new Set(lookups.map((lookup) => lookup.key));
}

function notIn(tree: MessageTree, keys: Set<string>): string[] {
  return [...keys].filter((key) => lookupMessage(tree, key) === undefined);
}

/** Public pages of a language: every sitemap URL, plus the screens the sitemap leaves out. */
async function publicPages(lang: Lang): Promise<string[]> {
  const response = await request("/sitemap.xml", {
    env: { GOOGLE_KEYS_URL: google.url },
    headers: { "User-Agent": BROWSER_UA },
  });
  const paths = all(parseHtml(await response.text()), "loc")
    .map((loc) => new URL(loc.textContent ?? "", SITE_ORIGIN).pathname)
    .filter((path) => path.startsWith(`/${lang}/`));
  const event = paths.find((path) => path.startsWith(`/${lang}/event/`));
  expect(event).toBeDefined();
  return [
    ...paths,
    `${event}tickets/`,
    `/${lang}/event/no-such-event-here/tickets/`,
    `/${lang}/events/?category=concerts`,
    `/${lang}/events/?search=zzzz-nothing`,
    `/${lang}/login/`,
    `/${lang}/register/`,
    `/${lang}/password-reset/`,
    `/${lang}/cookie-settings/`,
  ];
}

// About 45 pages per language are rendered twice (document and .data): slow on a busy machine.
describe("each page is sent the messages it uses, and only those", { timeout: 120_000 }, () => {
  it.each(LANGUAGES)("every public page in %s", async (lang) => {
    const pages = await publicPages(lang);
    expect(pages.length).toBeGreaterThan(20);
    for (const path of pages) {
      const keys = await render(path, { expectStatus: path.includes("no-such-event") ? 404 : 200 });
      expect({ path, notSent: notIn(await delivered(path), keys) }).toEqual({ path, notSent: [] });
    }
  });

  it.each(LANGUAGES)("the member screens in %s (signed in)", async (lang) => {
    const verified = await sessionCookie(true);
    // An upcoming ticket, so the cards and the ticket's own page are drawn too.
    await env.DB.prepare(
      `INSERT OR REPLACE INTO tickets (id, email, event_slug, event_name, event_starts_at, purchased_at, price_cents, code)
       VALUES ('MSG-1', 'member@example.com', 'marea-alta-gira-mediterrania', 'Marea Alta', ?, ?, 4550, 'ARV1-MSG-1')`,
    )
      .bind(new Date(Date.now() + 864e5 * 30).toISOString(), new Date().toISOString())
      .run();
    const screens = [
      "dashboard/",
      "dashboard/events/",
      "dashboard/events/?period=past",
      "dashboard/tickets/msg-1/",
      "dashboard/user-information/",
      "dashboard/settings/",
    ];
    for (const screen of screens) {
      const path = `/${lang}/${screen}`;
      const keys = await render(path, { headers: { Cookie: verified } });
      expect({ path, notSent: notIn(await delivered(path, verified), keys) }).toEqual({ path, notSent: [] });
    }
    const unverified = await sessionCookie(false);
    const path = `/${lang}/email-verification/`;
    const keys = await render(path, { headers: { Cookie: unverified } });
    expect({ path, notSent: notIn(await delivered(path, unverified), keys) }).toEqual({ path, notSent: [] });
  });

  it.each(LANGUAGES)(
    "error pages in %s: 404 in the tree, 404 outside it, missing event, cross-site refusal",
    async (lang) => {
      for (const path of [`/${lang}/no-such-page/`, `/${lang}/event/no-such-event/`]) {
        const keys = await render(path, { expectStatus: 404 });
        expect({ path, notSent: notIn(await delivered(path), keys) }).toEqual({ path, notSent: [] });
        expect(keys).toContain("ERROR.404.TITLE");
      }
      // A refused cross-site post carries the shell's messages in the error (the root loader never ran).
      const refused = await render(`/${lang}/contact/?form=contact`, {
        method: "POST",
        expectStatus: 403,
        headers: {
          "Sec-Fetch-Site": "cross-site",
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "name=x",
      });
      expect(refused).toContain("FORM.CROSS_SITE");
      expect(notIn(thaw(routeMessages(lang, SHELL_MESSAGES)), refused)).toEqual([]);
    },
  );

  it("the home page is sent a fraction of the catalogue", async () => {
    for (const lang of LANGUAGES) {
      const sent = JSON.stringify(await delivered(`/${lang}/`)).length;
      const catalogue = JSON.stringify(CATALOGUES[lang]).length;
      // Measured 23 Nov 2026: 6.1 KB of the 19.6 KB catalogue (es; en and val alike), the shell's
      // set being 5 KB of it. A change that sends the home page much more fails here.
      expect(sent).toBeLessThan(7_000);
      expect(sent / catalogue).toBeLessThan(0.36);
    }
  });
});
