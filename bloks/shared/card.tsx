import * as v from "valibot";
import { useItemMarkers } from "#bloks/item-markers.ts";
import { AppLink } from "#app/components/app-link.tsx";
import { ContentImage } from "#app/components/content-image.tsx";
import { AssetSchema } from "#app/lib/image.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { resolveLink, LinkSchema } from "#app/lib/rich-text/links.ts";
import { ContentLink } from "./content-link";
import { buttonClass } from "#app/components/ui/button.tsx";

/** The slugs the hospitality form accepts in `?box=` (bloks/hospitality.tsx). */
const BOX_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * One card of `featured_cards` or `cards_carousel`. `features` is a textarea, one feature a line
 * (a box's seats, catering…). `apply_box` turns the card into a box or hospitality offer: its
 * apply action opens the hospitality form with that box chosen.
 */
export const cardSchema = v.looseObject({
  component: v.literal("card"),
  _uid: v.string(),
  title: v.pipe(v.string(), v.minLength(1)),
  text: v.optional(v.string()),
  features: v.pipe(v.optional(v.string()), v.description("One feature a line (12 seats, catering…), shown as a list.")),
  image: v.optional(AssetSchema),
  link: v.optional(LinkSchema),
  apply_box: v.pipe(
    v.optional(v.union([v.literal(""), v.pipe(v.string(), v.regex(BOX_SLUG))])),
    v.description(
      "The code of a hospitality product (the Value in the hospitality block): the card offers to apply for it. Empty: no apply button.",
    ),
  ),
});
export type CardFields = v.InferOutput<typeof cardSchema>;

/** Where a box card's apply action goes: the hospitality form, with the box chosen. */
export function applyHref(lang: string, box: string): string {
  return `/${lang}/hospitality/?box=${encodeURIComponent(box)}`;
}

/**
 * A card: image, title (the link, when there is one), text, features and the apply action.
 * `headingLevel` keeps the page outline intact under a block title or without one.
 */
export function Card({
  card,
  headingLevel,
  imageWidth,
  imageSizes,
  eager = false,
}: {
  card: CardFields;
  headingLevel: 2 | 3;
  imageWidth: number;
  imageSizes: string;
  eager?: boolean;
}) {
  const marker = useItemMarkers();
  const { lang, t } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const link = card.link ? resolveLink(card.link, lang) : null;
  const features = (card.features ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <article className="card" {...marker(card)}>
      {card.image?.filename ? (
        <ContentImage
          className="card__image"
          src={card.image.filename}
          alt={card.image.alt ?? ""}
          width={imageWidth}
          sizes={imageSizes}
          loading={eager ? "eager" : "lazy"}
        />
      ) : null}
      <div className="card__body">
        <Heading className="card__title">
          {link ? (
            <ContentLink link={link} className="card__link">
              {card.title}
            </ContentLink>
          ) : (
            card.title
          )}
        </Heading>
        {card.text ? <p className="card__text">{card.text}</p> : null}
        {features.length > 0 ? (
          <ul className="card__features">
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ) : null}
        {card.apply_box ? (
          <AppLink
            className={buttonClass({ variant: "primary" }, "card__apply")}
            to={applyHref(lang, card.apply_box)}
            aria-label={t("PAGES.APPLY_FOR", { title: card.title })}
          >
            {t("PAGES.APPLY")}
          </AppLink>
        ) : null}
      </div>
    </article>
  );
}
