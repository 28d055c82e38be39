import { describe, expect, it, vi } from "vitest";
import { all, attributesOf, one, parseHtml } from "#tests/html.ts";
import { EMBED_PERMISSIONS } from "./iframe-embed";
import { allowedEmbedUrl } from "./shared/embed-allowlist";
import { renderBlok } from "./shared/render-blok";

const embed = (url: string) => ({ component: "iframe_embed", _uid: "e1", url, title: "Map of the arena" });

describe("iframe_embed", () => {
  it.each([
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "https://player.vimeo.com/video/76979871",
    "https://www.google.com/maps/embed?pb=!1m18!1m12",
    "https://www.openstreetmap.org/export/embed.html?bbox=-0.36,39.44,-0.34,39.46&layer=mapnik",
  ])("renders an allowed embed titled, lazy, with limited permissions and no referrer path: %s", (url) => {
    const iframe = one(parseHtml(renderBlok(embed(url))), "iframe");
    expect(attributesOf(iframe)).toMatchObject({
      src: new URL(url).href,
      title: "Map of the arena",
      loading: "lazy",
      allow: EMBED_PERMISSIONS,
      referrerpolicy: "strict-origin-when-cross-origin",
    });
    // The Nu HTML Checker refuses the sandbox the players would need (allow-scripts + allow-same-origin).
    expect(iframe.hasAttribute("sandbox")).toBe(false);
    expect(EMBED_PERMISSIONS).not.toMatch(/camera|microphone|geolocation|payment/);
  });

  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com.evil.example/embed/dQw4w9WgXcQ",
    "https://evil.example/?u=https://player.vimeo.com/video/1",
    "https://user:pass@player.vimeo.com/video/76979871",
    "https://player.vimeo.com:8443/video/76979871",
    "https://www.google.com/search?q=maps/embed",
    "https://www.openstreetmap.org/",
    "//player.vimeo.com/video/76979871",
    "not a url",
  ])("renders nothing for %s", (url) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(allowedEmbedUrl(url)).toBeNull();
    expect(renderBlok(embed(url))).toBe("");
    expect(warn).toHaveBeenCalledOnce();
  });

  it("names the refused host to editors in a preview, never the URL", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const html = renderBlok(embed("https://evil.example/path?secret=1"), { preview: true });
    expect(html).toContain("Embedded content not allowed: evil.example");
    expect(html).not.toContain("secret");
    expect(all(parseHtml(html), "iframe")).toEqual([]);
  });

  it("is skipped without a title, since a frame needs an accessible name", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const html = renderBlok({ ...embed("https://player.vimeo.com/video/76979871"), title: "" });
    expect(html).toBe("");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Invalid block "iframe_embed"'));
  });
});
