import type { Route } from "./+types/calendar";
import { appContext } from "#app/lib/context.server.ts";
import { addMinutes } from "#app/lib/events/dates.ts";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { DEFAULT_DURATION_MINUTES, hasStarted } from "#app/lib/events/event.ts";
import { eventPath } from "#app/lib/events/event-links.ts";
import { eventCalendar } from "#app/lib/events/ics.ts";
import { VENUE, VENUE_ADDRESS_LINE } from "#app/lib/events/venue.ts";
import { findEvent } from "./event-data.server";

function plainText(text: string, status: 404 | 410, cacheControl: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl },
  });
}

/**
 * `/{lang}/event/{slug}/calendar.ics`: the event as an iCalendar file to add to a calendar. A
 * resource route (no component): a file extension, so the trailing-slash rule leaves it alone.
 * A past event has no calendar file (its page hides the link): 410 Gone, with the page's
 * "already taken place" note, so crawlers and old bookmarks learn it is gone for good.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const t = translatorFor(app.lang);
  const url = new URL(request.url);
  // Only the exact address (React Router matches `CALENDAR.ICS` and a trailing slash too), and
  // a missing event answers in words like the gone one, not the router's JSON.
  const record =
    url.pathname === `/${app.lang}/event/${params.slug}/calendar.ics` ? await findEvent(app, params.slug) : null;
  if (!record) return plainText(`${t("TICKET.EVENT_NOT_FOUND")}. ${t("EVENTS.NOT_FOUND_HINT")}`, 404, "no-store");
  const now = new Date();
  if (hasStarted(record, now)) return plainText(t("EVENTS.PAST_NOTE"), 410, "public, max-age=300");
  const { origin } = app;
  const { content } = record;
  const page = `${origin}${eventPath(app.lang, record.slug)}`;
  const body = eventCalendar(
    {
      // The story uuid is the same in every language, so re-adding the event updates one entry.
      // Without a configured public origin the uuid alone is the (still unique) UID.
      uid: origin ? `${record.uuid}@${new URL(origin).hostname}` : record.uuid,
      summary: content.name,
      description: [content.summary, origin ? page : ""].filter(Boolean).join("\n\n"),
      location: `${VENUE.name}${content.location ? ` (${content.location})` : ""}, ${VENUE_ADDRESS_LINE}`,
      start: record.start,
      end: addMinutes(record.start, content.duration_minutes ?? DEFAULT_DURATION_MINUTES),
      url: origin ? page : null,
      language: app.lang,
    },
    record.publishedAt && !Number.isNaN(Date.parse(record.publishedAt)) ? new Date(record.publishedAt) : now,
  );
  // A validator from the file's bytes: the same on every regeneration and on the first answer.
  const etag = `"${await sha256Hex(body)}"`;
  const headers = {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `attachment; filename="${record.slug}.ics"`,
    "Cache-Control": "public, max-age=300",
    ETag: etag,
  };
  if (namesTag(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for GET). */
function namesTag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
