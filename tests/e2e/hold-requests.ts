import type { Page } from "@playwright/test";

/**
 * Holds every request matching `url` until `release()` is called, so a test can look at a
 * state that lasts as long as the request (a loading state, a page not yet hydrated). A fixed
 * delay instead races the machine: on a busy one the test may look only after it has passed.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
