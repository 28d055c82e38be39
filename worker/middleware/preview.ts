import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isLang, type Lang } from "#app/lib/languages.ts";
import { eventPath } from "#app/lib/events/event-links.ts";
import { BRIDGE_SCRIPT_URL } from "#app/components/storyblok-bridge.tsx";
import { PREVIEW_INPUT_PATH } from "#app/lib/preview-input.ts";
import { constantTimeEqual, sha1Hex } from "#worker/services/content/signatures.ts";
import type { AppEnv } from "#worker/types.ts";

/** The Storyblok Visual Editor, the only site allowed to frame a preview. */
export const STORYBLOK_EDITOR_ORIGIN = "https://app.storyblok.com";
/** Hosts the bridge script talks to while editing. */
const BRIDGE_CONNECT_SOURCES = [
  STORYBLOK_EDITOR_ORIGIN,
  ...["api", "api-us", "api-ap", "api-ca"].map((host) => `https://${host}.storyblok.com`),
];

const MAX_AGE_SECONDS = 60 * 60;
/** Tolerated clock difference for timestamps from the future. */
const MAX_SKEW_SECONDS = 5 * 60;

export interface PreviewConfig {
  /** The environment's Storyblok preview token; empty disables preview entirely. */
  previewToken: (env: Env) => string;
  /** The configured space id; when set, a preview for another space is refused. */
  spaceId: (env: Env) => string;
  now?: () => number;
}

/**
 * Storyblok's preview check: `_storyblok_tk[token]` must equal
 * sha1(`space_id:preview_token:timestamp`) and the timestamp be less than an hour old.
 */
export async function verifyPreviewQuery(
  query: URLSearchParams,
  previewToken: string,
  nowMs: number,
  expectedSpaceId = "",
): Promise<boolean> {
  const spaceId = query.get("_storyblok_tk[space_id]") ?? "";
  const timestamp = query.get("_storyblok_tk[timestamp]") ?? "";
  const token = (query.get("_storyblok_tk[token]") ?? "").toLowerCase();
  if (!previewToken || !/^\d{1,20}$/.test(spaceId) || !/^\d{1,12}$/.test(timestamp) || !token) return false;
  if (expectedSpaceId && spaceId !== expectedSpaceId) return false;
  const ageSeconds = nowMs / 1000 - Number(timestamp);
  if (ageSeconds >= MAX_AGE_SECONDS || ageSeconds < -MAX_SKEW_SECONDS) return false;
  return constantTimeEqual(await sha1Hex(`${spaceId}:${previewToken}:${timestamp}`), token);
}

/** Storyblok's codes for the language being edited (`_storyblok_lang`) as the site's languages. */
const EDITOR_LANGUAGES: Record<string, Lang> = { default: "es", es: "es", en: "en", ca: "val", val: "val" };
const editorLang = (code: string | null): Lang | null =>
  code && Object.hasOwn(EDITOR_LANGUAGES, code) ? (EDITOR_LANGUAGES[code] ?? null) : null;

/**
 * While a translation is edited, the editor puts its language code in front of the full slug
 * (`en/events/concierto`, `ca/home`), as the CDN's own paths for a language; the story's slug is
 * what follows it.
 */
function withoutTranslationPrefix(slug: string, editorLanguage: string | null): string {
  if (!editorLanguage || (editorLang(editorLanguage) ?? "es") === "es") return slug;
  if (slug === editorLanguage) return "";
  return slug.startsWith(`${editorLanguage}/`) ? slug.slice(editorLanguage.length + 1) : slug;
}

/** The folder of event stories, whose pages the site serves at `eventPath`. */
const EVENTS_FOLDER = "events/";
/** Stories whose content the home page shows: itself, and the configuration (header and footer). */
const SHOWN_ON_HOME = new Set(["home", "config"]);

/**
 * Where the site shows the story the Visual Editor opened, when that is not where the editor
 * opened it. The editor appends the story's full slug to the preview URL (`/es/` +
 * `events/concierto`) and names the language being edited in `_storyblok_lang`: events live at
 * `/<lang>/event/<slug>/`, the configuration story is seen on the home page (its header and
 * footer come from it), and the language is the editor's. Null when the path is already right.
 */
export function previewPath(pathname: string, editorLanguage: string | null): string | null {
  // The page's data as React Router reloads it (after a save): answered where the page is.
  if (pathname.endsWith(".data")) return null;
  const match = /^\/([a-z]+)(?:\/(.*))?$/.exec(pathname);
  if (!match || !isLang(match[1] ?? "")) return null;
  const lang = editorLang(editorLanguage) ?? (match[1] as Lang);
  const slug = withoutTranslationPrefix((match[2] ?? "").replace(/\/+$/, ""), editorLanguage);
  let target: string;
  if (SHOWN_ON_HOME.has(slug)) target = `/${lang}/`;
  else if (slug.startsWith(EVENTS_FOLDER) && !slug.slice(EVENTS_FOLDER.length).includes("/"))
    target = eventPath(lang, slug.slice(EVENTS_FOLDER.length));
  else target = slug === "" ? `/${lang}/` : `/${lang}/${slug}/`;
  return target === pathname ? null : target;
}

/**
 * What only the editor's preview of a page needs, added by the Worker so that no public page or
 * script carries any of it:
 * - a page that does not load the bridge itself (one rendered outside the site's layout, such as
 *   an error page) gets it before `</body>`, and a save or publish reloads the page with the new
 *   draft; pages in the layout load their own (app/components/live-preview.tsx: live typing of
 *   the page's story, of an event and of the configuration story);
 * - frames inside a block (a map, a video) let clicks through, so a click on them opens the block
 *   in the editor instead of the framed page.
 */
function forTheEditor(response: Response, nonce: string): Response {
  let hasBridge = false;
  const reload = `new window.StoryblokBridge().on(["change","published"],function(){location.reload()})`;
  return new HTMLRewriter()
    .on("head", {
      element(head) {
        head.append("<style>[data-blok-c] iframe{pointer-events:none}</style>", { html: true });
      },
    })
    .on(`script[src="${BRIDGE_SCRIPT_URL}"]`, {
      element() {
        hasBridge = true;
      },
    })
    .on("body", {
      element(body) {
        body.onEndTag((end) => {
          if (hasBridge) return;
          end.before(
            `<script src="${BRIDGE_SCRIPT_URL}" nonce="${nonce}"></script><script nonce="${nonce}">${reload}</script>`,
            { html: true },
          );
        });
      },
    })
    .transform(response);
}

/**
 * The requests found to be verified previews, by their Hono context: one per request for its
 * whole way through the app, where `c.req.raw` is not (a later middleware may replace the Request
 * to bound its body, and the draft the editor is typing is a POST).
 */
const trustedRequests = new WeakSet<Context>();

/** Whether this request is a verified Visual Editor preview (set by the `preview` middleware). */
export function isPreview(c: Context): boolean {
  return trustedRequests.has(c);
}

/** Adds sources to one CSP directive, keeping the others as they are. */
function extendDirective(policy: string, directive: string, sources: string[]): string {
  return policy
    .split(";")
    .map((part) => part.trim())
    .map((part) => (part === directive || part.startsWith(`${directive} `) ? `${part} ${sources.join(" ")}` : part))
    .join("; ");
}

/**
 * Recognises Visual Editor requests. A verified one is marked (read it with `isPreview(c)`) and
 * its response is made private (`no-store`), unindexable, and frameable by the editor only; an
 * unverified one is an ordinary request and gets the published page. Mount it *outside* the
 * security headers middleware so it can widen the policy that middleware writes.
 */
export function preview(config: PreviewConfig) {
  const now = config.now ?? Date.now;
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const method = c.req.method;
    // Pages, and the drafts their live code posts while the editor types (app/lib/preview-input.ts).
    const candidate =
      (method === "GET" || method === "HEAD" || (method === "POST" && PREVIEW_INPUT_PATH.test(url.pathname))) &&
      url.searchParams.has("_storyblok_tk[token]");
    if (
      !candidate ||
      !(await verifyPreviewQuery(url.searchParams, config.previewToken(c.env), now(), config.spaceId(c.env)))
    ) {
      return next();
    }
    // The editor's folder paths and language, on the site's own page (the query, and so the
    // editor's signature, goes along).
    const target = previewPath(url.pathname, url.searchParams.get("_storyblok_lang"));
    if (target && method === "GET") {
      return new Response(null, {
        status: 302,
        headers: { Location: `${target}${url.search}`, "Cache-Control": "private, no-store" },
      });
    }
    trustedRequests.add(c);
    await next();
    const headers = c.res.headers;
    headers.set("Cache-Control", "private, no-store");
    // Drafts are for editors only: isolated from their opener like the member screens (security-headers.ts).
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set("X-Robots-Tag", "noindex");
    const policy = headers.get("Content-Security-Policy");
    if (policy) {
      headers.set(
        "Content-Security-Policy",
        extendDirective(extendDirective(policy, "frame-ancestors", [STORYBLOK_EDITOR_ORIGIN]), "connect-src", [
          ...BRIDGE_CONNECT_SOURCES,
        ]),
      );
      headers.delete("X-Frame-Options");
    }
    const nonce = /'nonce-([\w+/=-]+)'/.exec(policy ?? "")?.[1];
    if (nonce && c.res.status === 200 && headers.get("Content-Type")?.startsWith("text/html")) {
      c.res = forTheEditor(c.res, nonce);
    }
  });
}
