import { describe, expect, it } from "vitest";
import { BROWSER_UA, dataPath, request, routeData } from "#tests/harness.ts";


/** The content route's loader data of a page, as a client navigation (and the document) receives it. */
async function contentRouteData(path: string): Promise<Record<string, unknown>> {
  const response = await request(dataPath(path), { headers: { "User-Agent": BROWSER_UA } });
  expect(response.status).toBe(200);
  const routes = await routeData(response);
  const id = Object.keys(routes).find((key) => /^(?:home|page)$/.test(key));
  expect(id).toBeDefined();
  return routes[id!]!.data as Record<string, unknown>;
}

/*
 * Every byte of loader data is serialised on the server and decoded in the browser on every page
 * (docs/performance.md, "Loader data"): a published page sends its blocks, not the whole story.
 */
describe("a published content page's loader data", () => {
  it.each(["/es/", "/en/about/", "/val/events/"])("%s: the blocks and their key, no story bookkeeping or SEO fields", async (path) => {
    const data = await contentRouteData(path);
    expect(data.story).toBeNull();
    expect(typeof data.uuid).toBe("string");
    // Frozen (app/lib/frozen.ts): one JSON string, written once per content version.
    expect(typeof data.content).toBe("string");
    const content = JSON.parse(data.content as string) as Record<string, unknown>;
    expect(content.component).toBe("page");
    expect(Array.isArray(content.body)).toBe(true);
    expect(content).not.toHaveProperty("seo");
    // What the SEO fields said reaches the page through its meta descriptors (frozen too).
    expect(typeof data.meta).toBe("string");
    expect(data.meta as string).toContain('"og:title"');
    // Storyblok's bookkeeping (dates, slugs, alternates…) stays on the server.
    expect(Object.keys(data).sort()).toEqual(["blokData", "content", "messages", "meta", "preview", "story", "uuid"]);
  });
});
