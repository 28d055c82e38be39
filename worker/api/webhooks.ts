import { Hono } from "hono";
import * as v from "valibot";
import { purgeContent, type ContentChange } from "#worker/services/content/purge.ts";
import { kvCacheVersionStore, storyblokClientFor } from "#worker/services/content/index.ts";
import { contentSettings } from "#worker/services/content/settings.ts";
import { constantTimeEqual, hmacSha1Hex, secretsEqual } from "#worker/services/content/signatures.ts";
import { fetchSpaceCacheVersion } from "#worker/services/content/storyblok.ts";
import { bodyLimit } from "#worker/middleware/body-limit.ts";
import type { AppEnv } from "#worker/types.ts";
import { apiError } from "./errors";

/** Storyblok's payloads are a few hundred bytes; anything near this is not a webhook. */
export const MAX_BODY_BYTES = 64 * 1024;

const StoryEventSchema = v.looseObject({
  action: v.picklist(["published", "unpublished", "deleted", "moved"]),
  space_id: v.number(),
  story_id: v.number(),
  full_slug: v.optional(v.string()),
});
const DatasourceEventSchema = v.looseObject({
  action: v.picklist(["entries_updated", "datasource_entry_saved"]),
  space_id: v.number(),
  datasource_slug: v.string(),
});
/** Every Storyblok webhook has at least these; other kinds (assets, users, workflows…) are acknowledged and ignored. */
const AnyEventSchema = v.looseObject({ action: v.string(), space_id: v.number() });

/** Whether `signature` is the hex HMAC-SHA1 of `body` under `secret`, compared in constant time. */
export async function verifyWebhookSignature(body: ArrayBuffer, signature: string, secret: string): Promise<boolean> {
  return constantTimeEqual(await hmacSha1Hex(secret, body), signature.trim().toLowerCase());
}

type Verdict = "accepted" | "disabled" | "refused";

/**
 * Whether a call comes from Storyblok. Two proofs, either enough:
 * - the `webhook-signature` header, the HMAC of the body under the webhook secret (plans that have
 *   webhook secrets); a signature that is present but wrong is refused even with a valid token,
 *   since it means the body was changed on the way;
 * - the `token` query parameter equal to `STORYBLOK_WEBHOOK_TOKEN` (every plan: the token is part
 *   of the webhook URL set in Storyblok, which only travels over HTTPS).
 */
async function verify(
  settings: { webhookSecret: string; webhookToken: string },
  body: ArrayBuffer,
  signature: string,
  token: string,
): Promise<Verdict> {
  const { webhookSecret, webhookToken } = settings;
  if (!webhookSecret && !webhookToken) return "disabled";
  if (signature && webhookSecret)
    return (await verifyWebhookSignature(body, signature, webhookSecret)) ? "accepted" : "refused";
  if (token && webhookToken && (await secretsEqual(webhookToken, token))) return "accepted";
  return "refused";
}

/** The change a webhook announces, or null for kinds that cannot affect cached content. */
function changeOf(payload: unknown): ContentChange | null {
  const story = v.safeParse(StoryEventSchema, payload);
  if (story.success) {
    const { action, story_id: storyId, full_slug: fullSlug } = story.output;
    return { kind: "story", action, storyId, fullSlug: fullSlug ?? null };
  }
  const datasource = v.safeParse(DatasourceEventSchema, payload);
  if (datasource.success) return { kind: "datasource", slug: datasource.output.datasource_slug };
  return null;
}

/**
 * `POST /api/webhooks/storyblok[?token=…]`: Storyblok's publish webhook, verified by its signature
 * or by the URL's token (`verify`; 401 when neither holds, 403 while neither is configured). Purges the affected cache entries before answering, so
 * the next page request renders the new content; then, in `waitUntil`, reads the space's new
 * cache version and purges once more in case a refresh raced the first purge. Idempotent.
 */
export function createWebhooks() {
  const webhooks = new Hono<AppEnv>();

  webhooks.post(
    "/storyblok",
    bodyLimit({ maxBytes: MAX_BODY_BYTES, message: "CONTENT.WEBHOOK_TOO_LARGE" }),
    async (c) => {
      // Already read within MAX_BODY_BYTES by bodyLimit.
      const body = await c.req.arrayBuffer();
      const verdict = await verify(
        contentSettings(c.env),
        body,
        c.req.header("webhook-signature") ?? "",
        c.req.query("token") ?? "",
      );
      if (verdict === "disabled") return apiError(c, 403, "webhook_disabled", "CONTENT.WEBHOOK_DISABLED");
      if (verdict === "refused") return apiError(c, 401, "invalid_signature", "CONTENT.WEBHOOK_UNAUTHORIZED");

      let payload: unknown;
      try {
        payload = JSON.parse(new TextDecoder().decode(body));
      } catch {
        return apiError(c, 400, "bad_payload", "CONTENT.WEBHOOK_BAD_PAYLOAD");
      }
      const event = v.safeParse(AnyEventSchema, payload);
      if (!event.success) return apiError(c, 400, "bad_payload", "CONTENT.WEBHOOK_BAD_PAYLOAD");

      const change = changeOf(payload);
      if (!change)
        return c.json({ ok: true, action: event.output.action, ignored: true }, 200, { "Cache-Control": "no-store" });

      const purged = await purgeContent(c.env.CACHE, change);
      c.executionCtx.waitUntil(refreshCacheVersion(c.env, change));
      return c.json({ ok: true, action: event.output.action, purged: purged.length }, 200, {
        "Cache-Control": "no-store",
      });
    },
  );

  return webhooks;
}

async function refreshCacheVersion(env: Env, change: ContentChange): Promise<void> {
  const client = storyblokClientFor(env, "published");
  if (!client) return;
  try {
    const cv = await fetchSpaceCacheVersion(client);
    await purgeContent(env.CACHE, change);
    await kvCacheVersionStore(env.CACHE).set(cv);
  } catch (error) {
    // The purge already happened; without a stored cv the next CDN read asks for the latest itself.
    console.warn("webhook: cache version refresh failed", error instanceof Error ? error.message : String(error));
  }
}
