import { Hono, type Context } from "hono";
import * as v from "valibot";
import {
  ALL_CHOICES,
  CONSENT_COOKIE,
  consentCookie,
  NO_CHOICES,
  OPTIONAL_CATEGORIES,
  parseConsent,
  POLICY_VERSION,
  type Choices,
  type Consent,
} from "#app/lib/consent/consent.ts";
import { allowedBy, THIRD_PARTY_KEYS } from "#app/lib/consent/third-parties.ts";
import { thirdPartiesFromEnv } from "#app/lib/consent/third-parties.server.ts";
import { detectLang, isLang, LANGUAGES, readCookie, type Lang } from "#app/lib/languages.ts";
import { bodyLimit } from "#worker/middleware/body-limit.ts";
import { isSameOriginRequest } from "#worker/services/auth/same-origin.ts";
import { clientAddress, withinRateLimit } from "#worker/services/forms/guards.ts";
import { recordConsentProof } from "#worker/queue/consent-proofs.ts";
import type { AppEnv } from "#worker/types.ts";
import { apiError } from "./errors";

const ACTIONS = ["accept-all", "reject-all", "custom"] as const;
type Action = (typeof ACTIONS)[number];

/** A decision in either shape (a few short fields) and room to spare. */
export const CONSENT_BODY_LIMIT = 1024;

/** The banner's JSON body. `choices` is read only for a custom choice. */
const ConsentJson = v.object({
  action: v.picklist(ACTIONS),
  choices: v.optional(v.object({ preferences: v.boolean(), analytics: v.boolean(), advertising: v.boolean() })),
  lang: v.picklist(LANGUAGES),
});

/** The settings page's plain form: `choice` is the button pressed, checked boxes send "on". */
const ConsentForm = v.object({
  choice: v.picklist(["accept-all", "reject-all", "save"]),
  lang: v.picklist(LANGUAGES),
  preferences: v.optional(v.literal("on")),
  analytics: v.optional(v.literal("on")),
  advertising: v.optional(v.literal("on")),
});

interface Decision {
  action: Action;
  choices: Choices;
  lang: Lang;
}

function choicesOf(action: Action, custom: Choices | undefined): Choices | null {
  if (action === "accept-all") return ALL_CHOICES;
  if (action === "reject-all") return NO_CHOICES;
  return custom ?? null;
}

/** Whether the body is the settings page's plain form (a browser without JavaScript). */
const isFormPost = (c: Context<AppEnv>) =>
  (c.req.header("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded");

/**
 * The settings page again, in the form's language (else the visitor's), saying what happened: a
 * browser without JavaScript shows this answer, so a refusal is the page with a translated
 * error, never the API's JSON.
 */
function backToSettings(c: Context<AppEnv>, lang: Lang | null, outcome: "saved" | "error"): Response {
  const pageLang = lang ?? detectLang(c.req.header("Cookie") ?? null, c.req.header("Accept-Language") ?? null);
  return new Response(null, {
    status: 303,
    headers: { Location: `/${pageLang}/cookie-settings/?${outcome}=1`, "Cache-Control": "no-store" },
  });
}

/** The decision in the body, or null when it is not one (either body shape). */
async function readDecision(
  c: Context<AppEnv>,
): Promise<{ decision: Decision | null; fromForm: boolean; formLang?: Lang | null }> {
  if (isFormPost(c)) {
    const fields = Object.fromEntries(new URLSearchParams(await c.req.text().catch(() => "")));
    const parsed = v.safeParse(ConsentForm, fields);
    if (!parsed.success) return { decision: null, fromForm: true, formLang: isLang(fields.lang) ? fields.lang : null };
    const { choice, lang } = parsed.output;
    const action: Action = choice === "save" ? "custom" : choice;
    const custom = Object.fromEntries(OPTIONAL_CATEGORIES.map((k) => [k, parsed.output[k] === "on"])) as Choices;
    return { decision: { action, choices: choicesOf(action, custom) ?? NO_CHOICES, lang }, fromForm: true };
  }
  const parsed = v.safeParse(ConsentJson, await c.req.json().catch(() => null));
  if (!parsed.success) return { decision: null, fromForm: false };
  const { action, lang } = parsed.output;
  const choices = choicesOf(action, parsed.output.choices);
  return { decision: choices ? { action, choices, lang } : null, fromForm: false };
}

/**
 * Expiring the first-party cookies of third parties the decision does not allow, for the
 * settings page without JavaScript (the banner's script also removes them in the browser).
 */
function withdrawnCookies(c: Context<AppEnv>, choices: Choices): string[] {
  const parties = thirdPartiesFromEnv(c.env);
  const patterns = THIRD_PARTY_KEYS.flatMap((key) => {
    const party = parties[key];
    return party?.cookies && !allowedBy(key, choices) ? [new RegExp(party.cookies)] : [];
  });
  const present = (c.req.header("Cookie") ?? "").split(";").map((part) => part.split("=")[0]?.trim() ?? "");
  const { hostname } = new URL(c.req.url);
  return present
    .filter((name) => name && patterns.some((pattern) => pattern.test(name)))
    .flatMap((name) => [`${name}=; Max-Age=0; Path=/`, `${name}=; Max-Age=0; Path=/; Domain=${hostname}`]);
}

/**
 * `POST /api/consent`: records a cookie decision (the proof of consent, through the queue into D1) and stores it in
 * the first-party `consent` cookie. JSON from the banner answers `{ consent }`; the settings
 * page's plain form gets a 303 back to the page. Only this site's pages may call it.
 */
export function consentRoutes() {
  const api = new Hono<AppEnv>();

  api.post("/consent", bodyLimit({ maxBytes: CONSENT_BODY_LIMIT }), async (c) => {
    if (!isSameOriginRequest(c.req.raw.headers, c.req.url, c.env.PUBLIC_ORIGIN))
      return apiError(c, 403, "cross_site", "FORM.CROSS_SITE");
    if (!(await withinRateLimit(c.env.FORM_RATE_LIMITER, `consent:${clientAddress(c.req.raw)}`))) {
      if (isFormPost(c)) return backToSettings(c, null, "error");
      const refused = apiError(c, 429, "too_many_requests", "FORM.TOO_MANY_REQUESTS");
      refused.headers.set("Retry-After", "60");
      return refused;
    }
    const { decision, fromForm, formLang } = await readDecision(c);
    if (!decision)
      return fromForm
        ? backToSettings(c, formLang ?? null, "error")
        : apiError(c, 400, "bad_request", "FORM.BAD_REQUEST");

    // One id per browser links its decisions over time; a new one for a first decision.
    const previous = parseConsent(readCookie(c.req.header("Cookie") ?? null, CONSENT_COOKIE));
    const consent: Consent = {
      choices: decision.choices,
      version: POLICY_VERSION,
      date: new Date().toISOString().slice(0, 10),
      id: previous?.id ?? crypto.randomUUID(),
    };
    try {
      await recordConsentProof(c.env, {
        proofId: crypto.randomUUID(),
        consentId: consent.id,
        action: decision.action,
        ...decision.choices,
        policyVersion: POLICY_VERSION,
        lang: decision.lang,
        decidedAt: new Date().toISOString(),
      });
    } catch {
      // Neither the queue nor D1 took the proof: no cookie, so the banner asks again.
      return fromForm
        ? backToSettings(c, decision.lang, "error")
        : apiError(c, 503, "unavailable", "FORM.GENERIC_ERROR");
    }

    const response = fromForm ? backToSettings(c, decision.lang, "saved") : c.json({ consent });
    response.headers.set("Cache-Control", "no-store");
    response.headers.append("Set-Cookie", consentCookie(consent, new URL(c.req.url).protocol === "https:"));
    for (const cookie of withdrawnCookies(c, decision.choices)) response.headers.append("Set-Cookie", cookie);
    return response;
  });

  return api;
}
