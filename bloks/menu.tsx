import * as v from "valibot";
import { useItemMarkers } from "./item-markers";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { LinkSchema, resolveLink } from "#app/lib/rich-text/links.ts";
import { ContentLink } from "./shared/content-link";
import type { BlokDefinition } from "./definition";

const menuLinkSchema = v.looseObject({
  component: v.literal("menu_link"),
  _uid: v.string(),
  label: v.pipe(v.string(), v.minLength(1)),
  link: LinkSchema,
});

export const menuSchema = v.looseObject({
  component: v.literal("menu"),
  _uid: v.string(),
  /** Names the navigation for screen readers ("Services at the arena"). */
  title: v.optional(v.string(), ""),
  links: v.optional(v.array(menuLinkSchema), []),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = { schema: menuSchema, messages: ["VENUE.MENU"], styles: ["venue"] } satisfies BlokDefinition;
export { Menu as default };

/**
 * A section's own navigation (e.g. the venue's services): a labelled list of links; the
 * current page's link is marked `aria-current="page"` by the site's link component.
 */
export function Menu({ blok }: { blok: v.InferOutput<typeof menuSchema> }) {
  const marker = useItemMarkers();
  const { t, lang } = useI18n();
  const links = blok.links.flatMap((item) => {
    const link = resolveLink(item.link, lang);
    return link ? [{ ...item, link }] : [];
  });
  if (links.length === 0) return null;
  return (
    <nav className="blok-menu" aria-label={blok.title || t("VENUE.MENU.LABEL")}>
      <ul>
        {links.map((item) => (
          <li key={item._uid} {...marker(item)}>
            <ContentLink link={item.link}>{item.label}</ContentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
