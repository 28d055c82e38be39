import * as v from "valibot";
import type { Story } from "#app/lib/content-types.ts";
import { AssetSchema } from "#app/lib/image.ts";
import { AddressLinkSchema } from "#app/lib/rich-text/links.ts";
import { RichTextSchema } from "#app/lib/rich-text/schema.ts";
import { EVENT_CATEGORIES } from "./categories";
import { EVENT_SLUG } from "./event-links";
import { LocalDateTimeSchema, parseLocal, toInstant, type LocalDateTime } from "./dates";

/** How long an event lasts when the content does not say (calendar entries need an end). */
export const DEFAULT_DURATION_MINUTES = 150;

/** Where event stories live in the content tree: `events/<slug>`. */
export const EVENTS_FOLDER = "events/";

/** Storyblok number fields arrive as strings; an empty or missing one means "not set" (null). */
const OptionalNumber = v.optional(
  v.pipe(
    v.nullable(v.union([v.number(), v.string()])),
    v.transform((value) => (value === null || value === "" ? null : Number(value))),
    v.check((value) => value === null || (Number.isFinite(value) && value >= 0), "must be a number of 0 or more"),
  ),
  null,
);

/** A song or piece the performer is known for (a nestable block in the CMS). */
const ArtistHitSchema = v.looseObject({ component: v.string(), _uid: v.string(), title: v.string() });

/** A relation field: story uuids, or whole stories when the CDN resolved them. */
const RelationsSchema = v.optional(v.array(v.union([v.string(), v.looseObject({ uuid: v.string() })])), []);

/** The `event` content type: the root block of each story under `events/`. */
export const EventContentSchema = v.looseObject({
  component: v.literal("event"),
  _uid: v.string(),
  name: v.pipe(v.string(), v.trim(), v.minLength(1)),
  category: v.picklist(EVENT_CATEGORIES),
  /** Start, venue wall-clock time. */
  date: v.pipe(LocalDateTimeSchema, v.description("When it starts, in the arena's local time (Valencia).")),
  /** When the doors open, venue wall-clock time; empty when not announced. */
  doors_open: v.pipe(
    v.optional(v.union([v.literal(""), LocalDateTimeSchema]), ""),
    v.description("When the doors open, in the arena's local time. Empty: not announced."),
  ),
  duration_minutes: v.pipe(
    OptionalNumber,
    v.description("How long it lasts, in minutes (120). Empty: calendars count 150 minutes."),
  ),
  /** The hall or area inside the arena. */
  location: v.pipe(v.string(), v.description("The hall or area inside the arena (Pista central), not an address.")),
  image: v.optional(AssetSchema, {}),
  summary: v.optional(v.string(), ""),
  description: v.optional(RichTextSchema),
  price_from: v.pipe(
    OptionalNumber,
    v.description("The cheapest ticket, in euros (35 or 35.50). Empty: the page says the price is to be announced."),
  ),
  /** When tickets go on sale, venue wall-clock time; empty when not announced (JSON-LD `validFrom`). */
  on_sale_from: v.pipe(
    v.optional(v.union([v.literal(""), LocalDateTimeSchema]), ""),
    v.description("When tickets go on sale, in the arena's local time. Empty: not announced."),
  ),
  sold_out: v.pipe(
    v.optional(v.boolean(), false),
    v.description("On: the page says it is sold out and offers no tickets."),
  ),
  coming_soon: v.pipe(
    v.optional(v.boolean(), false),
    v.description("On: tickets are not on sale yet; the page says so and offers none."),
  ),
  /** A headline event: the home page's hero shows the next one (docs/pages.md). */
  headline: v.pipe(
    v.optional(v.boolean(), false),
    v.description("On: a headline event. The home page's hero shows the next headline event."),
  ),
  venue_ticket_link: v.optional(AddressLinkSchema),
  promoter_ticket_link: v.optional(AddressLinkSchema),
  promoter_name: v.optional(v.string(), ""),
  performer: v.optional(v.string(), ""),
  artist_hits: v.optional(v.array(ArtistHitSchema), []),
  related_events: RelationsSchema,
});
export type EventContent = v.InferOutput<typeof EventContentSchema>;

/** An event story that passed its schema: its slug and parsed content. */
export interface EventRecord {
  uuid: string;
  slug: string;
  content: EventContent;
  start: LocalDateTime;
  /** When the story was last published (ISO 8601); null for a draft. */
  publishedAt?: string | null;
}

/** The slug an event story is reached at: the last segment of its full slug. */
export function eventSlugOf(story: Pick<Story, "slug" | "full_slug">): string {
  return story.slug || story.full_slug.split("/").pop() || "";
}

/**
 * Parsed events by story object: the embedded source hands out the same objects on every request,
 * so each is checked once per isolate rather than on every listing.
 */
const parsedStories = new WeakMap<Story, EventRecord | null>();

/**
 * Reads an event story; null (and a warning naming the problem) when it is not a valid event,
 * so one broken story costs that event, never a listing.
 */
export function toEventRecord(story: Story): EventRecord | null {
  const known = parsedStories.get(story);
  if (known !== undefined) return known;
  const record = parseEventStory(story);
  parsedStories.set(story, record);
  return record;
}

function parseEventStory(story: Story): EventRecord | null {
  const parsed = v.safeParse(EventContentSchema, story.content);
  if (!parsed.success) {
    console.warn(`Invalid event "${story.full_slug}" skipped: ${v.summarize(parsed.issues)}`);
    return null;
  }
  const start = parseLocal(parsed.output.date);
  const slug = eventSlugOf(story);
  if (!start || !EVENT_SLUG.test(slug)) return null;
  return { uuid: story.uuid, slug, content: parsed.output, start, publishedAt: story.published_at ?? null };
}

const startInstants = new WeakMap<EventRecord, number>();

/** Whether the event has started by `now`. Its start instant is worked out once per record. */
export function hasStarted(record: EventRecord, now: Date): boolean {
  let start = startInstants.get(record);
  if (start === undefined) startInstants.set(record, (start = toInstant(record.start).getTime()));
  return start <= now.getTime();
}

/** The uuids a relation field points at, whether the CDN resolved them or not. */
export function relationUuids(relations: EventContent["related_events"]): string[] {
  return relations.map((item) => (typeof item === "string" ? item : item.uuid));
}
