import * as v from "valibot";
import type { Route } from "./+types/input";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { appContext } from "#app/lib/context.server.ts";
import { StorySchema } from "#app/lib/content-types.ts";
import { EventContentSchema, toEventRecord } from "#app/lib/events/event.ts";
import { freezeUnkept, type Frozen } from "#app/lib/frozen.ts";
import type { Translate } from "#app/lib/i18n.ts";
import { readBodyWithin } from "#app/lib/request-body.ts";
import { footerOf } from "#app/lib/shell.server.ts";
import { siteConfigOf } from "#app/lib/site-config.server.ts";
import type { ShellData } from "#app/components/site-shell.tsx";
import { eventPageData, type EventPageData } from "#app/routes/event/event-data.server.ts";
import { fieldsOf } from "#bloks/validate.server.ts";

/** A draft story is a few kilobytes; far more than any real one, far less than a Worker can hold. */
export const PREVIEW_INPUT_LIMIT = 256 * 1024;

/** What the preview's live code gets for the draft it posted (app/components/live-preview.tsx). */
export type LiveAnswer =
  { event: Frozen<EventPageData> } | { shell: Pick<ShellData, "header" | "footer"> } | { problem: string };

const InputSchema = v.object({ story: StorySchema });

/** Never kept anywhere: a draft is for the editor who typed it, this once. */
function answer(body: LiveAnswer | { error: string }, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** The editor's problem notice for a story whose fields the site cannot use (422: shown, never a 500). */
function problem(t: Translate, name: string, issues: v.BaseIssue<unknown>[]): Response {
  return answer({ problem: t("BLOKS.INVALID", { name, issues: fieldsOf(issues) }) }, 422);
}

/** Only posted to: a GET is a 405 naming POST (worker/lib/page-methods.ts), not React Router's error for a route without a loader. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST", "Cache-Control": "private, no-store" } });
}

/**
 * The story the editor is typing, as the page that shows it would render it: an event's page data
 * (the event loader's own builder) or the header and footer of a configuration story, checked with
 * the same schemas as a saved story. Verified previews only (the Worker checks the post's signed
 * query like the page's); the body is bounded, and nothing of it is stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (!app.preview) return answer({ error: "forbidden" }, 403);
  const body = await readBodyWithin(request, PREVIEW_INPUT_LIMIT);
  if (!body) return answer({ error: "payload_too_large" }, 413);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return answer({ error: "bad_request" }, 400);
  }
  const t = translatorFor(app.lang);
  const input = v.safeParse(InputSchema, json);
  if (!input.success) return problem(t, "story", input.issues);
  const { story } = input.output;
  switch (story.content.component) {
    case "event": {
      const fields = v.safeParse(EventContentSchema, story.content);
      if (!fields.success) return problem(t, "event", fields.issues);
      const record = toEventRecord(story);
      if (!record) return answer({ problem: t("BLOKS.INVALID", { name: "event", issues: "date, slug" }) }, 422);
      return answer({ event: freezeUnkept(eventPageData(app, record, new Date())) });
    }
    case "site_config": {
      try {
        const config = siteConfigOf(story.content);
        return answer({ shell: { header: freezeUnkept(config.header_menu), footer: freezeUnkept(footerOf(config)) } });
      } catch (error) {
        if (error instanceof v.ValiError) return problem(t, "site_config", error.issues);
        throw error;
      }
    }
    default:
      return answer({ problem: t("BLOKS.UNKNOWN", { name: story.content.component }) }, 422);
  }
}
