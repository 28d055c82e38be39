import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const origin = "http://arena.test";
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return exports.default.fetch(
    new Request(`${origin}${path}`, { method, headers: { "User-Agent": browser, ...headers }, redirect: "manual" }),
  );
}

describe("trailing slash", () => {
  it("redirects a page path to the same path with a slash, keeping the query", async () => {
    const res = await get("/en/about?x=1&y=2");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/en/about/?x=1&y=2");
  });
});
