import { describe, expect, it } from "vitest";
import configStory from "#content/stories/es/config.json";
import { siteConfigOf } from "./site-config.server";

const marker = (name: string, uid: string) =>
  `<!--#storyblok#${JSON.stringify({ name, space: "287416", uid, id: "1000" })}-->`;

/** The configuration story as the CDN sends its draft: every entry a block with its marker. */
function draft() {
  const { content } = configStory.story;
  const entries = <T extends object>(list: T[], name: string) =>
    list.map((entry, i) => ({
      ...entry,
      component: name,
      _uid: `${name}-${i}`,
      _editable: marker(name, `${name}-${i}`),
    }));
  return {
    ...content,
    header_menu: entries(content.header_menu, "site_config_header_menu"),
    footer_legal: entries(content.footer_legal, "site_config_footer_legal"),
    social_links: entries(content.social_links, "site_config_social_link"),
  };
}

describe("the site configuration's click-to-edit markers", () => {
  it("stay on each menu entry and social profile of a draft, beside what the entry shows", () => {
    const config = siteConfigOf(draft());
    expect(config.header_menu.map((entry) => entry.editable?.["data-blok-uid"])).toEqual(
      configStory.story.content.header_menu.map((_, i) => `1000-site_config_header_menu-${i}`),
    );
    expect(config.header_menu[0]).toMatchObject({ label: configStory.story.content.header_menu[0]!.label });
    expect(config.footer_legal[0]?.editable?.["data-blok-c"]).toContain('"name":"site_config_footer_legal"');
    expect(config.social_links[0]?.editable?.["data-blok-c"]).toContain('"name":"site_config_social_link"');
  });

  it("are absent from published content, which carries none", () => {
    expect(JSON.stringify(siteConfigOf(structuredClone(configStory.story.content)))).not.toMatch(/editable|data-blok/);
  });
});
