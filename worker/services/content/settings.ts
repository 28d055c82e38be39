import * as v from "valibot";

/** 32 characters: at least 128 bits from `openssl rand -hex 32` (64) or any base64 of 24 random bytes. */
export const WEBHOOK_TOKEN_MIN_LENGTH = 32;

/**
 * The content engine's configuration, read from the Worker's environment. Tokens and the
 * webhook secret are secrets (`wrangler secret put`); the rest are `[vars]` in wrangler.toml.
 * Every value is optional: with no `STORYBLOK_TOKEN` the embedded stories are served.
 */
const ContentEnvSchema = v.looseObject({
  /** Public (published) CDN token; enables the Storyblok source. */
  STORYBLOK_TOKEN: v.optional(v.string(), ""),
  /** Preview token: draft content and the Visual Editor's preview check. */
  STORYBLOK_PREVIEW_TOKEN: v.optional(v.string(), ""),
  STORYBLOK_REGION: v.optional(v.picklist(["", "eu", "us", "ap", "ca", "cn"]), ""),
  STORYBLOK_SPACE_ID: v.optional(v.string(), ""),
  /** Overrides the region's API base (`https://api.storyblok.com/v2`), e.g. a local mock CDN. */
  STORYBLOK_API_BASE: v.optional(v.union([v.literal(""), v.pipe(v.string(), v.url())]), ""),
  STORYBLOK_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), "2500"),
  /** HMAC-SHA1 secret of the publish webhook (a Storyblok plan feature; the token below needs none). */
  STORYBLOK_WEBHOOK_SECRET: v.optional(v.string(), ""),
  /**
   * A long random token the webhook URL carries (`?token=…`), for plans without webhook secrets.
   * Short tokens are refused at start: the token is the webhook's only proof on those plans.
   */
  STORYBLOK_WEBHOOK_TOKEN: v.optional(
    v.union([v.literal(""), v.pipe(v.string(), v.minLength(WEBHOOK_TOKEN_MIN_LENGTH))]),
    "",
  ),
});

export interface ContentSettings {
  publicToken: string;
  previewToken: string;
  region: "eu" | "us" | "ap" | "ca" | "cn";
  spaceId: string;
  apiBase: string;
  timeoutMs: number;
  webhookSecret: string;
  webhookToken: string;
}

const parsed = new WeakMap<object, ContentSettings>();

/** The content settings of an environment (parsed once per env object). Invalid values throw at once. */
export function contentSettings(env: Env): ContentSettings {
  const known = parsed.get(env);
  if (known) return known;
  const raw = v.parse(ContentEnvSchema, env);
  const settings: ContentSettings = {
    publicToken: raw.STORYBLOK_TOKEN,
    previewToken: raw.STORYBLOK_PREVIEW_TOKEN,
    region: raw.STORYBLOK_REGION || "eu",
    spaceId: raw.STORYBLOK_SPACE_ID,
    apiBase: raw.STORYBLOK_API_BASE,
    timeoutMs: raw.STORYBLOK_TIMEOUT_MS,
    webhookSecret: raw.STORYBLOK_WEBHOOK_SECRET,
    webhookToken: raw.STORYBLOK_WEBHOOK_TOKEN,
  };
  parsed.set(env, settings);
  return settings;
}

/** Whether this environment reads Storyblok (a token is set) or the embedded stories. */
export function usesStoryblok(env: Env): boolean {
  const settings = contentSettings(env);
  return settings.publicToken !== "" || settings.previewToken !== "";
}
