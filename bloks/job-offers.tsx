import * as v from "valibot";
import { useItemMarkers } from "./item-markers";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { RichText } from "#app/lib/rich-text.tsx";
// From the schema module itself: the rich-text renderer imports the block registry, which imports this file.
import { RichTextSchema } from "#app/lib/rich-text/schema.ts";
import { LinkSchema, resolveLink } from "#app/lib/rich-text/links.ts";
import { WithBlokData } from "./context";
import { ContentLink } from "./shared/content-link";
import { formatDate } from "./venue/format";
import { isOpen, type JobOffersData } from "./venue/job-deadline";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { BlokDefinition } from "./definition";

export const JOB_TYPES = ["full_time", "part_time", "temporary", "internship"] as const;

/** A calendar date as Storyblok's date field stores it (`2027-01-31 00:00`) or written by hand (`2027-01-31`). */
const DeadlineSchema = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/, "deadline must look like 2027-01-31"),
);

const jobOfferSchema = v.looseObject({
  component: v.literal("job_offer"),
  _uid: v.string(),
  title: v.pipe(v.string(), v.minLength(1)),
  department: v.optional(v.string(), ""),
  location: v.optional(v.string(), ""),
  type: v.optional(v.union([v.literal(""), v.picklist(JOB_TYPES)]), ""),
  /** The last day to apply; the offer disappears the day after. Empty: open until removed. */
  deadline: v.pipe(
    v.optional(v.union([v.literal(""), DeadlineSchema]), ""),
    v.description("The last day to apply; the offer leaves the page the day after. Empty: open until removed."),
  ),
  description: v.optional(RichTextSchema),
  /** Where to apply: a form (url) or an address (email). */
  apply_link: v.optional(LinkSchema),
});
type JobOffer = v.InferOutput<typeof jobOfferSchema>;

export const jobOffersSchema = v.looseObject({
  component: v.literal("job_offers"),
  _uid: v.string(),
  title: v.optional(v.string(), ""),
  offers: v.optional(v.array(jobOfferSchema), []),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: jobOffersSchema,
  messages: ["EMPTY.JOB_OFFERS", "VENUE.JOBS"],
  styles: ["venue"],
} satisfies BlokDefinition;
export { JobOffers as default };

function JobOfferCard({ offer, headingLevel }: { offer: JobOffer; headingLevel: 2 | 3 }) {
  const { t, lang } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const apply = offer.apply_link ? resolveLink(offer.apply_link, lang) : null;
  const facts = [
    ["VENUE.JOBS.DEPARTMENT", offer.department],
    ["VENUE.JOBS.LOCATION", offer.location],
    ["VENUE.JOBS.TYPE", offer.type ? t(`VENUE.JOBS.TYPES.${offer.type}`) : ""],
    ["VENUE.JOBS.DEADLINE", offer.deadline ? formatDate(offer.deadline, lang) : ""],
  ] as const;
  return (
    <article className="job-offer">
      <Heading>{offer.title}</Heading>
      <dl className="venue-facts job-offer__facts">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {offer.description ? (
        <div className="job-offer__description">
          <RichText document={offer.description} />
        </div>
      ) : null}
      {apply ? (
        <ContentLink
          link={apply}
          className={buttonClass({ variant: "primary" })}
          ariaLabel={t("VENUE.JOBS.APPLY_FOR", { title: offer.title })}
        >
          {t("VENUE.JOBS.APPLY")}
        </ContentLink>
      ) : null}
    </article>
  );
}

/**
 * Open positions. Offers past their deadline are left out; which day "today" is comes from the
 * server (bloks/venue/job-deadline.ts), so the server's and the browser's lists always agree.
 */
export function JobOffers({ blok }: { blok: v.InferOutput<typeof jobOffersSchema> }) {
  const marker = useItemMarkers();
  const { t } = useI18n();
  const headingId = `jobs-${blok._uid}`;
  const empty = <p className="blok-empty">{t("EMPTY.JOB_OFFERS")}</p>;
  return (
    <section className="blok-job-offers" aria-labelledby={blok.title ? headingId : undefined}>
      {blok.title ? <h2 id={headingId}>{blok.title}</h2> : null}
      <WithBlokData<JobOffersData>
        uid={blok._uid}
        fallback={<div className="job-offers--skeleton" aria-hidden="true" />}
        errorElement={empty}
      >
        {({ today }) => {
          const open = blok.offers.filter((offer) => isOpen(offer.deadline, today));
          if (open.length === 0) return empty;
          return (
            <ul className="job-offers">
              {open.map((offer) => (
                <li key={offer._uid} {...marker(offer)}>
                  <JobOfferCard offer={offer} headingLevel={blok.title ? 3 : 2} />
                </li>
              ))}
            </ul>
          );
        }}
      </WithBlokData>
    </section>
  );
}
