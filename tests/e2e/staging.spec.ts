import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { STAGING_SECRETS } from "#scripts/staging.mjs";
import { freePort } from "#tests/free-port.mjs";
import { waitForSite } from "./own-server";

// Staging tells the truth: the built Worker in production mode (`serve.mjs --staging`) against
// local stand-ins — its own signing keys instead of the Auth emulator, the mock Storyblok CDN,
// the webhook secret and preview token set — walked once: sign in with a token signed by those
// keys, the dashboard, a publish through the signed webhook, and a preview with a valid token.

// Free ports: the site's here, the stand-ins' chosen by scripts/staging.mjs itself.
const SITE_PORT = await freePort();
const SITE = `http://127.0.0.1:${SITE_PORT}`;

let state = "";
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  state = mkdtempSync(path.join(tmpdir(), "arena-staging-"));
  server = spawn(process.execPath, ["scripts/serve.mjs", "--port", String(SITE_PORT), "--state", state, "--staging"], {
    detached: true,
    stdio: "ignore",
  });
  await waitForSite(SITE, 120_000);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  rmSync(state, { recursive: true, force: true });
});

test("staging: sign in with a signed token, dashboard, publish webhook, preview", async ({ page }) => {
  test.setTimeout(90_000);
  // Production mode: robots.txt allows crawling and names the sitemap on PUBLIC_ORIGIN.
  expect(await (await fetch(`${SITE}/robots.txt`)).text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);

  // An unsigned (emulator-style) token is refused; the token signed with the staging keys is not.
  const token = readFileSync(path.join(state, "staging", "demo-member.token"), "utf8");
  const headers = { Origin: SITE, "Content-Type": "application/json" };
  const [header, claims] = token.split(".");
  const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${claims}.`;
  expect(header).toBeTruthy();
  const refused = await page.request.post(`${SITE}/api/__session`, { headers, data: { token: unsigned } });
  expect(refused.status()).toBe(401);
  const signedIn = await page.request.post(`${SITE}/api/__session`, { headers, data: { token } });
  expect(signedIn.status()).toBe(200);
  await page.goto(`${SITE}/es/dashboard/`);
  await expect(page).toHaveURL(`${SITE}/es/dashboard/`);
  await expect(page.getByText("Lucía").first()).toBeVisible();

  // Publish: change the story in the CDN's copy, call the signed webhook, see the new text.
  const file = path.join(state, "staging", "content", "stories", "es", "about.json");
  const story = JSON.parse(readFileSync(file, "utf8"));
  story.story.content.body[0].text.content[1].content[0].text = "Publicado en staging.";
  writeFileSync(file, JSON.stringify(story));
  const body = JSON.stringify({ action: "published", space_id: 287416, story_id: 1002, full_slug: "about" });
  const forged = await fetch(`${SITE}/api/webhooks/storyblok`, {
    method: "POST",
    headers: { "webhook-signature": "0".repeat(40) },
    body,
  });
  expect(forged.status).toBe(401);
  const signature = createHmac("sha1", STAGING_SECRETS.webhookSecret).update(body).digest("hex");
  const published = await fetch(`${SITE}/api/webhooks/storyblok`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "webhook-signature": signature },
    body,
  });
  expect(published.status).toBe(200);
  await page.goto(`${SITE}/es/about/`);
  await expect(page.getByText("Publicado en staging.")).toBeVisible();

  // Preview with a valid editor token: private, unindexed, with the (stubbed, offline) bridge.
  await page.route("https://app.storyblok.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.StoryblokBridge = class { on() {} };" }),
  );
  const timestamp = String(Math.floor(Date.now() / 1000));
  const query = new URLSearchParams({
    _storyblok: "1002",
    "_storyblok_tk[space_id]": STAGING_SECRETS.spaceId,
    "_storyblok_tk[timestamp]": timestamp,
    "_storyblok_tk[token]": createHash("sha1")
      .update(`${STAGING_SECRETS.spaceId}:${STAGING_SECRETS.previewToken}:${timestamp}`)
      .digest("hex"),
  });
  const preview = await page.goto(`${SITE}/es/about/?${query}`);
  expect(preview?.headers()["cache-control"]).toBe("private, no-store");
  expect(preview?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("status").filter({ hasText: "Vista previa del borrador" })).toBeVisible();
});
