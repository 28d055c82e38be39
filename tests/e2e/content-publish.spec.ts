import { expect, test } from "@playwright/test";
import { createHmac } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePorts } from "#tests/free-port.mjs";
import { all, one, parseHtml, textOf } from "#tests/html.ts";
import { type MockCdn } from "#tests/mocks/storyblok/cdn-server.mjs";
import { editorQuery, startStoryblokSite, STORYBLOK_TOKENS, type StoryblokSite } from "./storyblok-site";

// Publishing end to end: the built Worker under wrangler dev reads "Storyblok" from a local mock
// CDN (the real wire format, serving a copy of content/). The test changes a story in that copy,
// calls the publish webhook with a valid signature, and sees the new text on the next load. This
// spec starts its own Worker because it needs Storyblok configured; every server takes a free port.

const [SITE_PORT, INSPECTOR_PORT] = (await freePorts(2)) as [number, number];
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const TOKENS = STORYBLOK_TOKENS;
const WEBHOOK_SECRET = "e2e-webhook-secret";
/** Hydration on a busy CI machine can take a few seconds; the bridge connects only after it. */
const HYDRATED = { timeout: 20_000 };

let contentDir = "";
let cdn: MockCdn;
let storyblok: StoryblokSite;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  storyblok = await startStoryblokSite({
    port: SITE_PORT,
    inspectorPort: INSPECTOR_PORT,
    vars: { STORYBLOK_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  ({ contentDir, cdn } = storyblok);
});

test.afterAll(async () => {
  await storyblok?.close();
});

/**
 * Changes the text of the "about" story in the mock CDN's content, as an editor would. `at` sets
 * the file's modification time (the mock's cache version follows every change, and takes its
 * seconds from the newest file's time).
 */
function editAboutStory(text: string, options: { lang?: "es" | "en" | "val"; at?: Date } = {}) {
  const file = path.join(contentDir, "stories", options.lang ?? "es", "about.json");
  const story = JSON.parse(readFileSync(file, "utf8"));
  story.story.content.body[0].text.content[1].content[0].text = text;
  writeFileSync(file, JSON.stringify(story, null, 2));
  if (options.at) utimesSync(file, options.at, options.at);
}

async function callWebhook(payload: object) {
  const body = JSON.stringify(payload);
  const signature = createHmac("sha1", WEBHOOK_SECRET).update(body).digest("hex");
  return fetch(`${SITE}/api/webhooks/storyblok`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "webhook-signature": signature },
    body,
  });
}

test("a published change shows on the next load after the signed webhook", async ({ page }) => {
  test.setTimeout(60_000);
  const original = /Inaugurado en 2025/;
  await page.goto(`${SITE}/es/about/`);
  await expect(page.getByText(original)).toBeVisible();

  editAboutStory("Texto publicado hace un instante desde Storyblok.");
  // Until the webhook arrives the page is served from the KV cache.
  await page.reload();
  await expect(page.getByText(original)).toBeVisible();

  const forged = await fetch(`${SITE}/api/webhooks/storyblok`, {
    method: "POST",
    headers: { "webhook-signature": "0".repeat(40) },
    body: JSON.stringify({ action: "published", space_id: 287416, story_id: 1002, full_slug: "about" }),
  });
  expect(forged.status).toBe(401);

  const response = await callWebhook({
    text: "The user editor@arena.test published the Story El pabellón (about)",
    action: "published",
    space_id: 287416,
    story_id: 1002,
    full_slug: "about",
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true, action: "published" });

  await page.reload();
  await expect(page.getByText("Texto publicado hace un instante desde Storyblok.")).toBeVisible();
  await expect(page.getByText(original)).toHaveCount(0);
});

test("a renamed story: its old path answers 301 and the menus and links of every page follow it", async () => {
  test.setTimeout(60_000);
  const languages = ["es", "en", "val"] as const;
  /** Where the page's menus (header and footer) lead. */
  const menuLinks = async (path: string) =>
    all(parseHtml(await (await fetch(`${SITE}${path}`)).text()), ".site-header a, .site-footer a").map((a) =>
      a.getAttribute("href"),
    );
  // Cached before the rename, in every language.
  for (const lang of languages) {
    expect((await fetch(`${SITE}/${lang}/sponsors/`)).status).toBe(200);
    expect(await menuLinks(`/${lang}/`)).toContain(`/${lang}/sponsors/`);
  }
  // The editor renames the story's slug (the same story, id 1710, in the three languages).
  for (const lang of languages) {
    const from = path.join(contentDir, "stories", lang, "sponsors.json");
    const story = JSON.parse(readFileSync(from, "utf8"));
    story.story.slug = "partners";
    story.story.full_slug = story.story.full_slug.replace(/sponsors$/, "partners");
    const to = path.join(contentDir, "stories", lang, "partners.json");
    writeFileSync(to, JSON.stringify(story));
    rmSync(from);
  }
  const response = await callWebhook({ action: "published", space_id: 287416, story_id: 1710, full_slug: "partners" });
  expect(response.status).toBe(200);
  for (const lang of languages) {
    const old = await fetch(`${SITE}/${lang}/sponsors/`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get("location") ?? "", SITE).pathname).toBe(`/${lang}/partners/`);
    expect((await fetch(`${SITE}/${lang}/partners/`)).status).toBe(200);
    // The footer's menu entry is a story link: it names the new path, not the old one.
    const links = await menuLinks(`/${lang}/`);
    expect(links).toContain(`/${lang}/partners/`);
    expect(links).not.toContain(`/${lang}/sponsors/`);
  }
});

test("two publishes within one second each show on the next load, in every language", async () => {
  test.setTimeout(60_000);
  const languages = ["es", "en", "val"] as const;
  const aboutText = async (lang: string) =>
    textOf(one(parseHtml(await (await fetch(`${SITE}/${lang}/about/`)).text()), "main"));
  // Both publishes in one whole second, later than any file's time: the CDN gives each a version.
  const second = (Math.floor(Date.now() / 1000) + 60) * 1000;
  const publishes = ["Primera publicación del día.", "Segunda publicación, un instante después."];
  for (const [i, text] of publishes.entries()) {
    for (const lang of languages) editAboutStory(`${text} (${lang})`, { lang, at: new Date(second + 100 * (i + 1)) });
    const response = await callWebhook({ action: "published", space_id: 287416, story_id: 1002, full_slug: "about" });
    expect(response.status).toBe(200);
    // Every language: the first read after a publish asks the CDN for its newest version, the
    // others send the version it named, which the CDN answers from its own cache.
    for (const lang of languages) expect(await aboutText(lang)).toContain(`${text} (${lang})`);
  }
});

/**
 * A stand-in for Storyblok's bridge script: keeps its options and handlers on `window.__bridge`,
 * and, like the real one, opens the block whose `data-blok-c` encloses a click (here: records it).
 */
const FAKE_BRIDGE = `window.StoryblokBridge = class {
  constructor(options) {
    this.options = options; this.handlers = {}; window.__bridge = this;
    document.addEventListener("click", (event) => {
      const block = event.target.closest("[data-blok-c]");
      if (block) { event.preventDefault(); window.__opened = JSON.parse(block.dataset.blokC); }
    }, true);
  }
  on(events, callback) { [].concat(events).forEach((event) => { this.handlers[event] = callback; }); }
  emit(event, payload) { this.handlers[event] && this.handlers[event](payload); }
};`;
interface FakeBridgeWindow {
  __bridge?: { options: unknown; emit(event: string, payload: unknown): void };
  __opened?: { name: string; uid: string; id: string; space: string };
}

/** The home page's info banner, the block the Visual Editor test edits. */
function infoBanner(story: { content: { body: { component: string; title?: string }[] } }) {
  const banner = story.content.body.find((blok) => blok.component === "info_banner");
  if (!banner) throw new Error("the home story has no info_banner block");
  return banner;
}

test("the Visual Editor sees the draft and the bridge; a forged link sees the published page", async ({ page }) => {
  test.setTimeout(60_000);
  const draftFile = path.join(contentDir, "drafts", "es", "home.json");
  mkdirSync(path.dirname(draftFile), { recursive: true });
  const story = JSON.parse(readFileSync(path.join(contentDir, "stories", "es", "home.json"), "utf8"));
  infoBanner(story.story).title = "Borrador que solo ve el editor.";
  writeFileSync(draftFile, JSON.stringify(story));

  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const bridgeRequests: string[] = [];
  // Offline here: the bridge script is answered locally by a stand-in that records how the page
  // configures it and lets the test play the editor's events.
  await page.route("https://app.storyblok.com/**", (route) => {
    bridgeRequests.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: FAKE_BRIDGE });
  });

  const response = await page.goto(`${SITE}/es/?${editorQuery(1001)}`);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'self' https://app.storyblok.com");
  await expect(page.getByText("Borrador que solo ve el editor.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Vista previa del borrador" })).toBeVisible();
  await expect.poll(() => bridgeRequests.length, HYDRATED).toBeGreaterThan(0);
  expect(await page.content()).not.toContain(TOKENS.preview);

  // The editor types: the page re-renders with the edited story, relations and links resolved by the bridge.
  await expect
    .poll(() => page.evaluate(() => Boolean((window as unknown as FakeBridgeWindow).__bridge)), HYDRATED)
    .toBe(true);
  const options = await page.evaluate(() => (window as unknown as FakeBridgeWindow).__bridge?.options);
  expect(options).toMatchObject({
    resolveLinks: "url",
    resolveRelations: expect.arrayContaining(["upcoming_events.events"]),
  });

  // Click-to-edit: every block carries the draft's marker; a click opens the innermost block.
  const textBlock = page.locator('[data-blok-uid="1001-home-banner-es"]');
  await expect(textBlock).toHaveAttribute("data-blok-c", /"name":"info_banner"/);
  await expect(page.locator('[data-blok-uid="1001-home-es"]')).toHaveCount(1);
  await textBlock.getByText("Borrador que solo ve el editor.").click();
  expect(await page.evaluate(() => (window as unknown as FakeBridgeWindow).__opened)).toEqual({
    name: "info_banner",
    space: "287416",
    uid: "home-banner-es",
    id: "1001",
  });

  // The editor's events carry the same markers (the CDN's wire format, from the mock CDN).
  const draft = (await (await fetch(`${cdn.url}/cdn/stories/home?token=${TOKENS.preview}&version=draft`)).json()) as {
    story: typeof story.story;
  };
  expect(JSON.stringify(draft)).toContain("#storyblok#");
  const edited = structuredClone(draft.story);
  infoBanner(edited).title = "Texto que el editor está escribiendo.";
  await page.evaluate(
    (s) => (window as unknown as FakeBridgeWindow).__bridge?.emit("input", { action: "input", story: s }),
    edited,
  );
  await expect(page.getByText("Texto que el editor está escribiendo.")).toBeVisible(HYDRATED);
  // Re-rendered with its marker: the edited text is still a click away from its block.
  await expect(textBlock).toContainText("Texto que el editor está escribiendo.");
  await page.evaluate(() => delete (window as unknown as FakeBridgeWindow).__opened);
  await textBlock.getByText("Texto que el editor está escribiendo.").click();
  expect(await page.evaluate(() => (window as unknown as FakeBridgeWindow).__opened)).toMatchObject({
    name: "info_banner",
    uid: "home-banner-es",
  });

  bridgeRequests.length = 0;
  const forged = await page.goto(`${SITE}/es/?${editorQuery(1001, { previewToken: "not-the-preview-token" })}`);
  expect(forged?.headers()["x-robots-tag"]).toBeUndefined();
  await expect(page.getByText("Borrador que solo ve el editor.")).toHaveCount(0);
  await expect(page.locator("[data-blok-c]")).toHaveCount(0);
  expect(bridgeRequests).toEqual([]);
  expect(problems).toEqual([]);
});
