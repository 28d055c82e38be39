import * as v from "valibot";
import { useItemMarkers } from "./item-markers";
import { ContentImage } from "#app/components/content-image.tsx";
import { AssetSchema } from "#app/lib/image.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import type { MessageKey } from "#app/lib/i18n.ts";
import { LinkSchema, resolveLink } from "#app/lib/rich-text/links.ts";
import { ContentLink } from "./shared/content-link";
import type { BlokDefinition } from "./definition";

const sponsorSchema = v.looseObject({
  component: v.literal("sponsor"),
  _uid: v.string(),
  name: v.pipe(v.string(), v.minLength(1)),
  logo: v.optional(AssetSchema),
  /** The sponsor's website; links that leave the site get `rel="noopener noreferrer"`. */
  link: v.optional(LinkSchema),
});
type Sponsor = v.InferOutput<typeof sponsorSchema>;

/** Sponsors in their two groups, each a list of nested `sponsor` blocks, premium first. */
export const sponsorsSchema = v.looseObject({
  component: v.literal("sponsors"),
  _uid: v.string(),
  title: v.optional(v.string(), ""),
  premium: v.optional(v.array(sponsorSchema), []),
  institutional: v.optional(v.array(sponsorSchema), []),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: sponsorsSchema,
  messages: ["EMPTY.SPONSORS", "VENUE.SPONSORS"],
  styles: ["venue"],
} satisfies BlokDefinition;
export { Sponsors as default };

/** The groups in the order they are shown; premium logos are drawn larger. */
const GROUPS = [
  { field: "premium", title: "VENUE.SPONSORS.PREMIUM", logoWidth: 240 },
  { field: "institutional", title: "VENUE.SPONSORS.INSTITUTIONAL", logoWidth: 180 },
] as const satisfies readonly { field: string; title: MessageKey; logoWidth: number }[];

function SponsorLogo({ sponsor, width }: { sponsor: Sponsor; width: number }) {
  const { lang } = useI18n();
  const link = sponsor.link ? resolveLink(sponsor.link, lang) : null;
  // The logo is the link's only content, so its text alternative names the sponsor.
  const logo = (
    <ContentImage
      src={sponsor.logo?.filename}
      alt={sponsor.logo?.alt || sponsor.name}
      width={width}
      height={width / 2}
    />
  );
  return link ? <ContentLink link={link}>{logo}</ContentLink> : logo;
}

/** The arena's sponsors, grouped into premium and institutional partners. */
export function Sponsors({ blok }: { blok: v.InferOutput<typeof sponsorsSchema> }) {
  const marker = useItemMarkers();
  const { t } = useI18n();
  const groups = GROUPS.filter((group) => blok[group.field].length > 0);
  const headingId = `sponsors-${blok._uid}`;
  const GroupHeading = blok.title ? "h3" : "h2";
  return (
    <section className="blok-sponsors" aria-labelledby={blok.title ? headingId : undefined}>
      {blok.title ? <h2 id={headingId}>{blok.title}</h2> : null}
      {groups.length === 0 ? <p className="blok-empty">{t("EMPTY.SPONSORS")}</p> : null}
      {groups.map((group) => {
        const groupId = `${blok._uid}-${group.field}`;
        return (
          <section
            key={group.field}
            className={`sponsor-group sponsor-group--${group.field}`}
            aria-labelledby={groupId}
          >
            <GroupHeading id={groupId}>{t(group.title)}</GroupHeading>
            <ul className="sponsor-logos">
              {blok[group.field].map((sponsor) => (
                <li key={sponsor._uid} {...marker(sponsor)}>
                  <SponsorLogo sponsor={sponsor} width={group.logoWidth} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
