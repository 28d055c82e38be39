import { Form, useLocation } from "react-router";
import * as v from "valibot";
import { AppLink } from "#app/components/app-link.tsx";
import { EVENT_CATEGORIES } from "#app/lib/events/categories.ts";
import { filtersQuery, pageWindow, type EventFilters } from "#app/lib/events/filters.ts";
import type { EventListData } from "#app/lib/events/listing.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";
import { WithBlokData } from "./context";
import { EVENT_CARD_MESSAGES, EventCard } from "./events/event-card";
import { Button } from "#app/components/ui/button.tsx";
import type { BlokDefinition } from "./definition";

export const eventsSchema = v.looseObject({
  component: v.literal("events"),
  _uid: v.string(),
  title: v.optional(v.string()),
  /** Events per page; Storyblok number fields arrive as text. */
  per_page: v.pipe(
    v.optional(v.union([v.number(), v.string()])),
    v.description("How many events each page of the list shows. Empty: the site's default."),
  ),
});

/** What the server reads of this block: its schema, messages and stylesheet parts (bloks/definition.ts). */
export const definition = {
  schema: eventsSchema,
  messages: [
    EVENT_CARD_MESSAGES,
    "EMPTY.EVENTS",
    "EMPTY.SEARCH_RESULTS",
    "EMPTY.FILTERED_EVENTS",
    "EVENTS.VIEW_ALL",
    "EVENTS.SEARCH_LABEL",
    "EVENTS.SEARCH_BUTTON",
    "EVENTS.CLEAR_SEARCH",
    "EVENTS.FILTERS",
    "EVENTS.CATEGORY_FILTER",
    "EVENTS.MONTH_FILTER",
    "EVENTS.ALL_CATEGORIES",
    "EVENTS.ALL_MONTHS",
    "EVENTS.RESULTS",
    "EVENTS.RESULTS_FOR",
    "EVENTS.PAGINATION",
    "EVENTS.PREVIOUS_PAGE",
    "EVENTS.NEXT_PAGE",
    "EVENTS.PAGE",
    "EVENTS.PAGE_OF",
  ],
  styles: ["events"],
} satisfies BlokDefinition;
export { Events as default };

type EventsBlok = v.InferOutput<typeof eventsSchema>;

/** A filter link: same page, the filters changed, back to the first page. */
function FilterLink({
  filters,
  change,
  current,
  children,
}: {
  filters: EventFilters;
  change: Partial<EventFilters>;
  current: boolean;
  children: string;
}) {
  const { pathname } = useLocation();
  return (
    <AppLink
      to={`${pathname}${filtersQuery({ ...filters, page: 1, ...change })}`}
      keepScroll
      aria-current={current ? "page" : undefined}
      className="event-filter"
    >
      {children}
    </AppLink>
  );
}

function Filters({ data, uid }: { data: EventListData; uid: string }) {
  const { t } = useI18n();
  const { filters } = data;
  const month = data.months.find((option) => option.key === filters.month);
  const chosen = [filters.category && t(`EVENTS.CATEGORY.${filters.category}`), month?.label].filter(Boolean);
  // Phones: one control that opens the filters, so the first screen shows events; wide screens
  // show them open and hide the control (app/styles/events.css). A native <details>, so it opens
  // without JavaScript too.
  return (
    <details className="event-filters-toggle">
      <summary>
        {t("EVENTS.FILTERS")}
        {chosen.length > 0 ? <span>{chosen.join(", ")}</span> : null}
      </summary>
      <nav className="event-filters" aria-label={t("EVENTS.FILTERS")}>
        <p className="event-filters__label" id={`${uid}-category`}>
          {t("EVENTS.CATEGORY_FILTER")}
        </p>
        <ul aria-labelledby={`${uid}-category`}>
          <li>
            <FilterLink filters={filters} change={{ category: null }} current={!filters.category}>
              {t("EVENTS.ALL_CATEGORIES")}
            </FilterLink>
          </li>
          {EVENT_CATEGORIES.map((category) => (
            <li key={category}>
              <FilterLink filters={filters} change={{ category }} current={filters.category === category}>
                {t(`EVENTS.CATEGORY.${category}`)}
              </FilterLink>
            </li>
          ))}
        </ul>
        <p className="event-filters__label" id={`${uid}-month`}>
          {t("EVENTS.MONTH_FILTER")}
        </p>
        <ul aria-labelledby={`${uid}-month`}>
          <li>
            <FilterLink filters={filters} change={{ month: null }} current={!filters.month}>
              {t("EVENTS.ALL_MONTHS")}
            </FilterLink>
          </li>
          {data.months.map((month) => (
            <li key={month.key}>
              <FilterLink filters={filters} change={{ month: month.key }} current={filters.month === month.key}>
                {month.label}
              </FilterLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/** The search box: a GET form, so it works without JavaScript and the result is a shareable URL. */
function Search({ filters, uid }: { filters: EventFilters; uid: string }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} role="search" className="event-search" preventScrollReset>
      {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
      {filters.month ? <input type="hidden" name="month" value={filters.month} /> : null}
      <label htmlFor={`${uid}-search`}>{t("EVENTS.SEARCH_LABEL")}</label>
      <input id={`${uid}-search`} type="search" name="search" defaultValue={filters.search} maxLength={80} />
      <Button type="submit" variant="primary">
        {t("EVENTS.SEARCH_BUTTON")}
      </Button>
      {filters.search ? (
        <AppLink to={`${pathname}${filtersQuery({ ...filters, search: "", page: 1 })}`} keepScroll>
          {t("EVENTS.CLEAR_SEARCH")}
        </AppLink>
      ) : null}
    </Form>
  );
}

function Pagination({ data }: { data: EventListData }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { filters, pageCount } = data;
  if (pageCount <= 1) return null;
  const href = (page: number) => `${pathname}${filtersQuery({ ...filters, page })}`;
  return (
    <nav className="pagination" aria-label={t("EVENTS.PAGINATION")}>
      <ul>
        {filters.page > 1 ? (
          <li>
            <AppLink to={href(filters.page - 1)} rel="prev">
              {t("EVENTS.PREVIOUS_PAGE")}
            </AppLink>
          </li>
        ) : null}
        {pageWindow(filters.page, pageCount).map((page, index) =>
          page === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <AppLink
                to={href(page)}
                aria-current={page === filters.page ? "page" : undefined}
                aria-label={t("EVENTS.PAGE", { page })}
              >
                {String(page)}
              </AppLink>
            </li>
          ),
        )}
        {filters.page < pageCount ? (
          <li>
            <AppLink to={href(filters.page + 1)} rel="next">
              {t("EVENTS.NEXT_PAGE")}
            </AppLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** `titled`: the block has its own h2, so cards are h3; without it they are the page's h2s. */
function EventList({ data, uid, titled }: { data: EventListData; uid: string; titled: boolean }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { filters } = data;
  const filtered = Boolean(filters.category || filters.month);
  const empty = t(filters.search ? "EMPTY.SEARCH_RESULTS" : filtered ? "EMPTY.FILTERED_EVENTS" : "EMPTY.EVENTS");
  return (
    <>
      <Search filters={filters} uid={uid} />
      {data.hasUpcoming ? <Filters data={data} uid={uid} /> : null}
      <p className="event-list__count" role="status">
        {filters.search
          ? // The visitor's words isolated from the sentence (first-strong isolate … pop directional
            // isolate, as <bdi> does), so a right-to-left search cannot reorder the sentence.
            t("EVENTS.RESULTS_FOR", { search: `\u2068${filters.search}\u2069`, count: data.total })
          : t("EVENTS.RESULTS", { count: data.total })}
        {data.pageCount > 1 ? ` · ${t("EVENTS.PAGE_OF", { page: filters.page, count: data.pageCount })}` : null}
      </p>
      {data.events.length === 0 ? (
        <p className="empty-state">
          {empty}
          {/* Nothing in this view: one step back to every event, search and filters cleared. */}
          {filters.search || filtered ? (
            <>
              {/* On a line of its own: the message has no full stop to end it before the link. */}
              <br />
              <AppLink to={pathname} keepScroll>
                {t("EVENTS.VIEW_ALL")}
              </AppLink>
            </>
          ) : null}
        </p>
      ) : (
        <ul className="event-grid">
          {data.events.map((event, index) => (
            <li key={event.slug}>
              <EventCard event={event} headingLevel={titled ? 3 : 2} lead={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <Pagination data={data} />
    </>
  );
}

/** Placeholder with the list's final footprint while below-the-fold data streams in. */
function EventListSkeleton() {
  return <div className="event-list__skeleton" aria-hidden="true" />;
}

/**
 * The event list: search (`?search=`), category and month filters and pages (`?page=`), all of
 * them plain links and a GET form, so every view is a shareable URL that works without JavaScript.
 */
export function Events({ blok }: { blok: EventsBlok }) {
  const { t } = useI18n();
  return (
    <section className="blok-events" aria-labelledby={blok.title ? `${blok._uid}-title` : undefined}>
      {blok.title ? <h2 id={`${blok._uid}-title`}>{blok.title}</h2> : null}
      <WithBlokData<EventListData>
        uid={blok._uid}
        fallback={<EventListSkeleton />}
        errorElement={<p className="empty-state">{t("EMPTY.EVENTS")}</p>}
      >
        {(data) => <EventList data={data} uid={blok._uid} titled={Boolean(blok.title)} />}
      </WithBlokData>
    </section>
  );
}
