import { expect, test } from "@playwright/test";

test("a content page's head carries canonical, alternates and social cards whose image loads", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/val/about/");
  const head = page.locator("head");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/val/about/`);
  const alternates = await head
    .locator('link[rel="alternate"]')
    .evaluateAll((links) => links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]));
  expect(alternates).toEqual([
    ["es", `${baseURL}/es/about/`],
    ["en", `${baseURL}/en/about/`],
    ["ca", `${baseURL}/val/about/`],
    ["x-default", `${baseURL}/es/about/`],
  ]);
  await expect(head.locator('meta[property="og:locale"]')).toHaveAttribute("content", "ca_ES");
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

  const image = await head.locator('meta[property="og:image"]').getAttribute("content");
  const response = await request.get(image ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
});

test("the head follows client-side navigation to another page", async ({ page, baseURL }) => {
  await page.goto("/en/");
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/en/`);
  await page.getByRole("button", { name: "Language: English" }).click();
  await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/es\/$/);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/es/`);
  await expect(page).toHaveTitle("Arena Valencia | Conciertos, baloncesto y espectáculos");
});

test("the default logo is served for images that are missing", async ({ request }) => {
  const response = await request.get("/images/default-logo.svg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/svg+xml");
});

test("error pages are never indexed", async ({ page }) => {
  const response = await page.goto("/en/no-such-page/");
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});
