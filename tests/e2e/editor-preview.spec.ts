import { expect, test, type Page } from "@playwright/test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePorts } from "#tests/free-port.mjs";
import { type MockCdn } from "#tests/mocks/storyblok/cdn-server.mjs";
import { editorQuery, startStoryblokSite, STORYBLOK_TOKENS, type StoryblokSite } from "./storyblok-site";

// Each kind of story previewed where Storyblok's Visual Editor opens it (the location `/es/` plus
// the story's full slug and the signed query), in the language being edited: the built Worker
// reads "Storyblok" from the local mock CDN, which serves drafts with the editor's markers; the
// bridge script is a local stand-in that lets the test play the editor's events.

const [SITE_PORT, INSPECTOR_PORT] = (await freePorts(2)) as [number, number];
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const TOKENS = STORYBLOK_TOKENS;
/** Hydration on a busy machine can take a few seconds; the bridge connects only after it. */
const HYDRATED = { timeout: 20_000 };

let contentDir = "";
let cdn: MockCdn;
let storyblok: StoryblokSite;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  storyblok = await startStoryblokSite({ port: SITE_PORT, inspectorPort: INSPECTOR_PORT });
  ({ contentDir, cdn } = storyblok);
});

test.afterAll(async () => {
  await storyblok?.close();
});

/** Like Storyblok's bridge: keeps its handlers, and opens the block whose `data-blok-c` encloses a click. */
const FAKE_BRIDGE = `window.StoryblokBridge = class {
  constructor(options) {
    this.handlers = {}; window.__bridge = this;
    document.addEventListener("click", (event) => {
      const block = event.target.closest("[data-blok-c]");
      if (block) { event.preventDefault(); window.__opened = JSON.parse(block.dataset.blokC); }
    }, true);
  }
  on(events, callback) { [].concat(events).forEach((event) => { this.handlers[event] = callback; }); }
  emit(event, payload) { this.handlers[event] && this.handlers[event](payload); }
};`;
interface FakeBridgeWindow {
  __bridge?: { emit(event: string, payload: unknown): void };
  __opened?: { name: string; uid: string; id: string };
}

async function withBridgeStandIn(page: Page) {
  await page.route("https://app.storyblok.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: FAKE_BRIDGE }),
  );
}

interface DraftStory {
  id: number;
  content: { body?: Record<string, unknown>[] } & Record<string, unknown>;
}

/** The draft as the editor holds it (the mock CDN's wire format, markers included). */
async function draftOf(slug: string, language?: string): Promise<DraftStory> {
  const query = new URLSearchParams({ token: TOKENS.preview, version: "draft", ...(language ? { language } : {}) });
  return ((await (await fetch(`${cdn.url}/cdn/stories/${slug}?${query}`)).json()) as { story: DraftStory }).story;
}

/**
 * The editor types: a text block added at the top of the story's body, with its editor marker,
 * sent as the bridge's `input` event; it must show at once and open itself on a click.
 */
async function typeAndClick(page: Page, story: DraftStory, text: string) {
  await expect.poll(() => page.evaluate(() => Boolean((window as FakeBridgeWindow).__bridge)), HYDRATED).toBe(true);
  const uid = "live-text-1";
  const block = {
    component: "text",
    _uid: uid,
    _editable: `<!--#storyblok#${JSON.stringify({ name: "text", space: "287416", uid, id: String(story.id) })}-->`,
    text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] },
  };
  const edited = { ...story, content: { ...story.content, body: [block, ...(story.content.body ?? [])] } };
  await page.evaluate(
    (s) => (window as FakeBridgeWindow).__bridge?.emit("input", { action: "input", story: s }),
    edited,
  );
  await expect(page.getByText(text)).toBeVisible(HYDRATED);
  await page.getByText(text).click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({
    name: "text",
    uid,
    id: String(story.id),
  });
}

test("a page previews in the language being edited, with live input and click-to-edit", async ({ page }) => {
  test.setTimeout(60_000);
  await withBridgeStandIn(page);
  const response = await page.goto(`${SITE}/es/jobs?${editorQuery(1720, { lang: "en" })}`);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page).toHaveURL(/\/en\/jobs\/\?/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  // A nested block of the page opens its own component.
  const offers = page.locator(`[data-blok-c*='"name":"job_offers"']`);
  await expect(offers).toHaveCount(1);
  await typeAndClick(page, await draftOf("jobs", "en"), "Live text the editor is typing in English.");
  // An item nested in a block (a job offer) opens itself, not its block.
  const offer = page.locator(`li[data-blok-c*='"name":"job_offer"']`).first();
  await expect(offer).toHaveCount(1);
  await offer.getByRole("heading").click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({ name: "job_offer" });
});

test("a click on an embedded map opens its block", async ({ page }) => {
  test.setTimeout(60_000);
  await withBridgeStandIn(page);
  await page.goto(`${SITE}/es/getting-here?${editorQuery(3104)}`);
  const embed = page.locator(`[data-blok-c*='"name":"iframe_embed"']`);
  await expect(embed).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => Boolean((window as FakeBridgeWindow).__bridge)), HYDRATED).toBe(true);
  // Where a person clicks: on the map itself (the frame lets the click through to its block).
  await embed.scrollIntoViewIfNeeded();
  const frame = await embed.locator("iframe").boundingBox();
  expect(frame).not.toBeNull();
  await page.mouse.click(frame!.x + frame!.width / 2, frame!.y + frame!.height / 2);
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({ name: "iframe_embed" });
});

test("a click on an FAQ item opens the item, a click on the group's title the group", async ({ page }) => {
  test.setTimeout(60_000);
  await withBridgeStandIn(page);
  await page.goto(`${SITE}/es/faq?${editorQuery(3102, { lang: "ca" })}`);
  await expect(page).toHaveURL(/\/val\/faq\/\?/);
  await expect.poll(() => page.evaluate(() => Boolean((window as FakeBridgeWindow).__bridge)), HYDRATED).toBe(true);
  const group = page.locator(`[data-blok-c*='"name":"faqs"']`).first();
  await group.locator('[data-blok-c*=\'"name":"faq_item"\']').first().locator("summary").click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({ name: "faq_item" });
  await group.getByRole("heading").first().click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({ name: "faqs" });
});

test("the hospitality block lists its products in a preview, each opening itself", async ({ page }) => {
  test.setTimeout(60_000);
  await withBridgeStandIn(page);
  await page.goto(`${SITE}/es/hospitality?${editorQuery(1401)}`);
  await expect.poll(() => page.evaluate(() => Boolean((window as FakeBridgeWindow).__bridge)), HYDRATED).toBe(true);
  const list = page.getByRole("list", { name: "Producto de interés" });
  await expect(list).toBeVisible();
  const products = list.locator(`li[data-blok-c*='"name":"hospitality_product"']`);
  await expect(products).toHaveCount(3);
  await products.first().click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({
    name: "hospitality_product",
  });
  // Visitors get no such list.
  await page.goto(`${SITE}/es/hospitality/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Producto de interés" })).toHaveCount(0);
});

test("a restaurant page previews with live input and click-to-edit", async ({ page }) => {
  test.setTimeout(60_000);
  await withBridgeStandIn(page);
  await page.goto(`${SITE}/es/restaurants/la-terrassa?${editorQuery(1701)}`);
  await expect(page).toHaveURL(/\/es\/restaurants\/la-terrassa\/\?/);
  await expect(page.locator(`[data-blok-c*='"name":"restaurant"']`)).toHaveCount(1);
  await typeAndClick(page, await draftOf("restaurants/la-terrassa"), "Texto que el editor escribe en el restaurante.");
});

test("an event opened at its folder path previews on the event page, in the language being edited", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const slug = "circo-de-las-estrellas";
  const draftFile = path.join(contentDir, "drafts", "en", "events", `${slug}.json`);
  const story = JSON.parse(readFileSync(path.join(contentDir, "stories", "en", "events", `${slug}.json`), "utf8"));
  story.story.content.name = "Circus of the Stars (draft)";
  mkdirSync(path.dirname(draftFile), { recursive: true });
  writeFileSync(draftFile, JSON.stringify(story));

  await withBridgeStandIn(page);
  const response = await page.goto(`${SITE}/es/events/${slug}?${editorQuery(5011, { lang: "en" })}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page).toHaveURL(new RegExp(`/en/event/${slug}/\\?`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Circus of the Stars (draft)");
  // The bridge answers the editor here too: a save reloads the page with the new draft.
  await expect.poll(() => page.evaluate(() => Boolean((window as FakeBridgeWindow).__bridge)), HYDRATED).toBe(true);
  story.story.content.name = "Circus of the Stars (saved draft)";
  writeFileSync(draftFile, JSON.stringify(story));
  await page.evaluate(() => (window as FakeBridgeWindow).__bridge?.emit("change", { action: "change" }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Circus of the Stars (saved draft)", HYDRATED);
  // Visitors still see the published event.
  await page.goto(`${SITE}/en/event/${slug}/`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Circus of the Stars (draft)");
});

test("the configuration story previews on the home page, its header from the draft", async ({ page }) => {
  test.setTimeout(60_000);
  const draftFile = path.join(contentDir, "drafts", "es", "config.json");
  const story = JSON.parse(readFileSync(path.join(contentDir, "stories", "es", "config.json"), "utf8"));
  story.story.content.header_menu[0].label = "Menú en borrador";
  mkdirSync(path.dirname(draftFile), { recursive: true });
  writeFileSync(draftFile, JSON.stringify(story));

  await page.goto(`${SITE}/es/config?${editorQuery(1000)}`);
  await expect(page).toHaveURL(/\/es\/\?/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Menú en borrador" }).first()).toBeVisible();
  await page.goto(`${SITE}/es/`);
  await expect(page.getByRole("banner").getByText("Menú en borrador")).toHaveCount(0);
});

test("a click on a header or footer entry opens it while the configuration story is edited", async ({ page }) => {
  test.setTimeout(60_000);
  // Every entry of the configuration is a block of its own (the CDN marks each in a draft).
  const content = JSON.parse(readFileSync(path.join(contentDir, "stories", "es", "config.json"), "utf8")).story.content;
  await withBridgeStandIn(page);
  await page.goto(`${SITE}/es/config?${editorQuery(1000)}`);
  await expect.poll(() => page.evaluate(() => Boolean((window as FakeBridgeWindow).__bridge)), HYDRATED).toBe(true);
  const opened = () => page.evaluate(() => (window as FakeBridgeWindow).__opened);
  await page.getByRole("banner").getByRole("link", { name: content.header_menu[1].label }).first().click();
  expect(await opened()).toMatchObject({
    name: "site_config_header_menu",
    uid: content.header_menu[1]._uid,
    id: "1000",
  });
  await page.getByRole("contentinfo").getByRole("link", { name: content.footer_legal[0].label }).click();
  expect(await opened()).toMatchObject({ name: "site_config_footer_legal", uid: content.footer_legal[0]._uid });
  await page.getByRole("contentinfo").locator(".site-footer__social a").first().click();
  expect(await opened()).toMatchObject({ name: "site_config_social_link", uid: content.social_links[0]._uid });
  // The home page's own blocks still open themselves.
  await typeAndClick(page, await draftOf("home"), "Texto de la portada junto al menú marcado.");
  // An entry the editor is typing keeps its marker.
  const typed = await draftOf("config");
  const menu = typed.content.header_menu as Record<string, unknown>[];
  await typeStory(page, {
    ...typed,
    content: { ...typed.content, header_menu: [menu[0], { ...menu[1], label: "Entrada tecleada" }, ...menu.slice(2)] },
  });
  const entry = page.getByRole("banner").getByRole("link", { name: "Entrada tecleada" }).first();
  await expect(entry).toBeVisible(HYDRATED);
  await entry.click();
  expect(await opened()).toMatchObject({ name: "site_config_header_menu", uid: content.header_menu[1]._uid });
});

/** The editor types: the bridge's `input` event with `story` as the editor holds it now. */
async function typeStory(page: Page, story: unknown) {
  await expect.poll(() => page.evaluate(() => Boolean((window as FakeBridgeWindow).__bridge)), HYDRATED).toBe(true);
  await page.evaluate(
    (s) => (window as FakeBridgeWindow).__bridge?.emit("input", { action: "input", story: s }),
    story,
  );
}

/** A rich-text document of one paragraph. */
function paragraph(text: string) {
  return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
}

test("an event page changes as the editor types, and names a field it cannot use", async ({ page }) => {
  test.setTimeout(60_000);
  const slug = "electro-horta-festival";
  await withBridgeStandIn(page);
  await page.goto(`${SITE}/es/events/${slug}?${editorQuery(5005)}`);
  await expect(page).toHaveURL(new RegExp(`/es/event/${slug}/\\?`));
  const draft = await draftOf(`events/${slug}`);
  const typed = {
    ...draft,
    content: {
      ...draft.content,
      name: "Electro Horta (tecleando)",
      description: paragraph("Descripción que el editor escribe."),
    },
  };
  await typeStory(page, typed);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electro Horta (tecleando)", HYDRATED);
  await expect(page.getByText("Descripción que el editor escribe.")).toBeVisible();
  // A date the site cannot read: the editor's notice names the field, the page keeps the last good edit.
  await typeStory(page, { ...typed, content: { ...typed.content, date: "mañana" } });
  await expect(page.locator(".blok-problem")).toContainText("date", HYDRATED);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electro Horta (tecleando)");
  // Fixed again, the notice goes.
  await typeStory(page, { ...typed, content: { ...typed.content, name: "Electro Horta (corregido)" } });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electro Horta (corregido)", HYDRATED);
  await expect(page.locator(".blok-problem")).toHaveCount(0);
});

test("a click on an event page opens the event, and a click on an artist hit opens the hit", async ({ page }) => {
  test.setTimeout(60_000);
  const slug = "electro-horta-festival";
  await withBridgeStandIn(page);
  await page.goto(`${SITE}/es/events/${slug}?${editorQuery(5005, { lang: "en" })}`);
  await expect(page).toHaveURL(new RegExp(`/en/event/${slug}/\\?`));
  await expect.poll(() => page.evaluate(() => Boolean((window as FakeBridgeWindow).__bridge)), HYDRATED).toBe(true);
  await page.getByRole("heading", { level: 1 }).click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({ name: "event", id: "5005" });
  const hit = page.locator("ul.event-hits li").first();
  await hit.click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({ name: "artist_hit" });
  // Still so once the editor has typed (the page is then drawn from the edited story).
  const draft = await draftOf(`events/${slug}`, "en");
  await typeStory(page, { ...draft, content: { ...draft.content, name: "Electro Horta (typed)" } });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electro Horta (typed)", HYDRATED);
  await page.getByRole("heading", { level: 1 }).click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({ name: "event" });
  await hit.click();
  expect(await page.evaluate(() => (window as FakeBridgeWindow).__opened)).toMatchObject({ name: "artist_hit" });
});

test("the header changes on the home page as the editor types the configuration story", async ({ page }) => {
  test.setTimeout(60_000);
  await withBridgeStandIn(page);
  await page.goto(`${SITE}/es/config?${editorQuery(1000)}`);
  await expect(page).toHaveURL(/\/es\/\?/);
  const draft = await draftOf("config");
  const menu = draft.content.header_menu as Record<string, unknown>[];
  const typed = {
    ...draft,
    content: { ...draft.content, header_menu: [{ ...menu[0], label: "Menú tecleado" }, ...menu.slice(1)] },
  };
  await typeStory(page, typed);
  await expect(page.getByRole("banner").getByRole("link", { name: "Menú tecleado" }).first()).toBeVisible(HYDRATED);
  // The home page's own story still follows the editor too (one bridge for both).
  await typeAndClick(page, await draftOf("home"), "Texto de la portada mientras cambia el menú.");
  await expect(page.getByRole("banner").getByRole("link", { name: "Menú tecleado" }).first()).toBeVisible();
});

test("the draft route takes verified previews only, and bounded bodies", async () => {
  const post = (query: string, body: string) =>
    fetch(`${SITE}/es/preview-input/${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: SITE },
      body,
    });
  const story = JSON.stringify({ story: await draftOf("events/electro-horta-festival") });
  const refused = await post("", story);
  expect(refused.status).toBe(403);
  expect(refused.headers.get("cache-control")).toBe("private, no-store");
  const verified = `?${editorQuery(5005)}`;
  const answered = await post(verified, story);
  expect(answered.status).toBe(200);
  expect(answered.headers.get("cache-control")).toBe("private, no-store");
  expect(await answered.json()).toHaveProperty("event");
  expect((await post(verified, `{"story":"${"x".repeat(300 * 1024)}"}`)).status).toBe(413);
  expect((await post(verified, "{not json")).status).toBe(400);
  expect((await post(verified, JSON.stringify({ story: { id: 1 } }))).status).toBe(422);
});

for (const path of ["/es/event/electro-horta-festival/", "/es/", "/en/jobs/"]) {
  test(`a public page (${path}) loads none of the editor's code`, async ({ page }) => {
    test.setTimeout(60_000);
    const scripts: string[] = [];
    const bodies: Promise<string>[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
    });
    const response = await page.goto(`${SITE}${path}`);
    expect(await response?.text()).not.toContain("preview-input");
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // What would bring in lazily loaded code: hydration, a pointer over the page, scrolling to its end.
    await page.waitForLoadState("networkidle");
    await page.mouse.move(200, 300);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /live-preview|storyblok-bridge|app\.storyblok\.com/.test(url))).toEqual([]);
    // Nor the code that reads the editor's markers (click-to-edit), inside any script it loads.
    for (const body of await Promise.all(bodies)) expect(body).not.toMatch(/storyblok#|data-blok/);
  });
}
