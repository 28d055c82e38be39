import type { Page } from "@playwright/test";

/**
 * Opens `path` at a phone's size, recording the path of every image the page requests, and waits
 * until the network is quiet: for tests of which images a first load fetches (and which wait).
 */
export async function openRecordingImages(page: Page, path: string): Promise<string[]> {
  await page.setViewportSize({ width: 412, height: 823 });
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") fetched.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return fetched;
}
