import { Hono, type Context } from "hono";
import { requestId } from "hono/request-id";
import { isbot } from "isbot";
import { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/context.server.ts";
import { detectLang, langOfPath, type Lang } from "#app/lib/languages.ts";
import type { Blok } from "#app/lib/content-types.ts";
import { BUILD_ID, VERSION_PATH } from "#app/lib/build-id.ts";
import { thirdPartyOrigins } from "#app/lib/consent/third-parties.server.ts";
import { createApi } from "./api";
import { apiError } from "./api/errors";
import { edgeRules } from "./middleware/edge-rules";
import { getPageSession, memberGuards } from "./middleware/guards";
import { securityHeaders } from "./middleware/security-headers";
import { httpPolicy } from "./middleware/http-policy";
import { bodyBound } from "./middleware/body-limit";
import { isPreview, preview } from "./middleware/preview";
import { crossSiteRefused, sameSite } from "./middleware/same-site";
import { cmsRedirects } from "./middleware/redirects";
import { appServices } from "./services/app-services";
import { authEmulatorProxy } from "./services/auth/emulator-proxy";
import { contentSourceFor } from "./services/content";
import { outageResponse, watchForOutage } from "./services/content/outage";
import { REDIRECTS_DATASOURCE } from "./services/content/purge";
import { renamedPathEntries, withRenamedPaths } from "./services/content/renames";
import { contentSettings } from "./services/content/settings";
import { publicOrigin } from "#app/lib/origin.ts";
import { siteVersion } from "./services/content/version";
import { createPageCache } from "./services/page-cache/page-cache";
import { REFUND_BODY_LIMIT } from "./services/forms/submit";
import type { Follow } from "./lib/one-hop";
import { pageMethods, type PageContent } from "./lib/page-methods";
import { createSeoRoutes } from "./seo";
import type { AppEnv } from "./types";

/**
 * The most any request may send, to the API or a page's form: the largest endpoint's limit (a
 * refund request with its document) and a margin wider than any chunk, so an endpoint's own limit
 * always stops a body first and answers in its own words (a page, a field message). Every body
 * streams through this bound, so an endpoint that forgets its own limit (an API route's
 * `bodyLimit`, a page action's `readFormWithin`) still never reads an unbounded stream.
 */
export const BODY_LIMIT = REFUND_BODY_LIMIT + 1024 * 1024;

/** React Router's request handler, injected so tests can build the app around it. */
export type PageRenderer = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** The content source of a request: drafts for a verified preview, else published content through KV. */
function contentOf(c: Context<AppEnv>, published = false) {
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  return contentSourceFor(c.env, { preview: !published && isPreview(c), waitUntil });
}

/** A content page's blocks as its route reads them (drafts in a verified preview); none when the content cannot be read. */
async function pageContentOf(c: Context<AppEnv>, lang: Lang, slug: string): Promise<Blok | null> {
  if (slug === "home") return null;
  const story = await contentOf(c)
    .getStory(lang, slug)
    .catch(() => null);
  return story?.content.component === "page" ? story.content : null;
}

function withoutOrigin(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers });
}

/** What a page takes: reading it, and posting its forms. Anything else is a 405 before any action. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * A page's answer as it leaves: its request id (the API's answers carry theirs in the body and
 * this header), and on a 405 the methods the address takes (`pageMethods`): a POST refused by
 * React Router means the address takes no form.
 */
async function finishPage(
  response: Response,
  requestId: string,
  method: string,
  url: URL,
  pageContent: PageContent,
): Promise<Response> {
  let answer = response;
  try {
    answer.headers.set("X-Request-Id", requestId);
  } catch {
    // Headers of a fetched or cache-matched response are immutable: a copy carries them.
    answer = new Response(response.body, response);
    answer.headers.set("X-Request-Id", requestId);
  }
  if (answer.status === 405)
    answer.headers.set(
      "Allow",
      method === "POST" ? "GET, HEAD" : await pageMethods(url.pathname, url.search, pageContent),
    );
  return answer;
}

/**
 * Requests the root middleware answers on the error page: a method pages do not take (405), and
 * a form posted outside the language trees (`POST /`, 404). React Router answers an unknown
 * method (OPTIONS) or a post to a route without an action with its own bare 405 before any
 * middleware, on an error page with no language and no text; so these are rendered as GETs of the
 * same URL (`asRendered`), flagged for the root middleware (app/root.tsx).
 */
function answeredAs(method: string, pathname: string): 404 | 405 | null {
  if (!PAGE_METHODS.has(method)) return 405;
  return method === "POST" && langOfPath(pathname) === null ? 404 : null;
}

function asRendered(request: Request, answer: 404 | 405 | null): Request {
  return answer === null ? request : new Request(request.url, { method: "GET", headers: request.headers });
}

/** The Worker: security headers, edge rules, the API, then React Router for every page. */
export function createApp(renderPage: PageRenderer) {
  const app = new Hono<AppEnv>();
  const pageCache = createPageCache({ buildId: BUILD_ID });
  // A redirect given before rendering asks this app where its target leads: the visitor gets one hop.
  const follow: Follow = (request, c) => app.fetch(request, c.env, c.executionCtx);

  app.use(requestId());
  // Local development only: the Firebase Auth emulator through this origin, before any page rule.
  app.use(authEmulatorProxy());
  // Outside the security headers: a verified preview widens the frame-ancestors they write.
  app.use(
    preview({
      previewToken: (env) => contentSettings(env).previewToken,
      spaceId: (env) => contentSettings(env).spaceId,
    }),
  );
  app.use(securityHeaders({ imageHosts: ["https://a.storyblok.com"], thirdPartyOrigins }));
  // Cache-Control default, Vary: Accept-Encoding, Content-Language (worker/middleware/http-policy.ts).
  app.use(httpPolicy());
  // One same-site rule for every state change (API and page actions), before anything acts on one.
  app.use(sameSite());
  app.use(bodyBound({ maxBytes: BODY_LIMIT }));
  app.use(
    cmsRedirects({
      entries: async (c) =>
        withRenamedPaths(await renamedPathEntries(c.env), await contentOf(c, true).getDatasource(REDIRECTS_DATASOURCE)),
      origin: (c) => publicOrigin(c.env, c.req.url),
      follow,
    }),
  );
  app.use(edgeRules({ follow }));
  app.use(memberGuards());
  app.route("/api", createApi());
  // Unknown API paths answer the API's JSON error, never the HTML 404 page.
  app.all("/api/*", (c) => apiError(c, 404, "not_found", "ERROR.API_NOT_FOUND"));
  app.route("/", createSeoRoutes({ content: (c) => contentOf(c, true) }));
  // The running build's id, for tabs that stay open across a deploy (app/lib/update-check.ts).
  app.get(VERSION_PATH, (c) => c.json({ id: BUILD_ID }, 200, { "Cache-Control": "no-store" }));

  app.all("*", async (c) =>
    finishPage(await servePage(c), c.get("requestId"), c.req.method, new URL(c.req.url), (lang, slug) =>
      pageContentOf(c, lang, slug),
    ),
  );

  function servePage(c: Context<AppEnv>): Promise<Response> {
    const { pathname } = new URL(c.req.url);
    const userAgent = c.req.header("User-Agent") ?? "";
    const lang =
      langOfPath(pathname) ?? detectLang(c.req.header("Cookie") ?? null, c.req.header("Accept-Language") ?? null);
    // The one isbot call of a request: entry.server reads it from the context too.
    const isCrawler = userAgent !== "" && isbot(userAgent);
    const answer = answeredAs(c.req.method, pathname);
    const render = async (request: Request) => {
      const context = new RouterContextProvider();
      // A CMS outage on a page no cache can answer: 503 with Retry-After, not a 500 (docs/operations.md).
      const outage = watchForOutage(contentOf(c));
      context.set(appContext, {
        env: c.env,
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
        lang,
        origin: publicOrigin(c.env, c.req.url),
        nonce: c.get("nonce"),
        requestId: c.get("requestId"),
        isCrawler,
        content: outage.content,
        preview: isPreview(c),
        session: getPageSession(c),
        crossSiteRefused: crossSiteRefused(c),
        answeredAs: answer,
        services: appServices(c.env, lang, c.req.url),
      });
      // A refused state change is answered by the root middleware (translated, 403); React Router's
      // own Origin check would answer first with a bare 400, so it never sees the foreign Origin.
      const response = await renderPage(
        crossSiteRefused(c) ? withoutOrigin(asRendered(request, answer)) : asRendered(request, answer),
        context,
      );
      const failure = outage.failure();
      return failure && response.status >= 500 ? outageResponse(response, failure, c.get("requestId")) : response;
    };
    if (c.env.PAGE_CACHE !== "on") return render(c.req.raw);
    return pageCache.serve({
      request: c.req.raw,
      nonce: c.get("nonce"),
      lang,
      crawler: isCrawler,
      preview: isPreview(c),
      contentVersion: () => siteVersion(c.env),
      render,
      waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    });
  }

  // Last resort: a page that failed outside React Router's own error handling. Never a stack trace.
  app.onError((error, c) => {
    console.error(`[${c.get("requestId")}] unhandled error`, error);
    if (new URL(c.req.url).pathname.startsWith("/api/")) return apiError(c, 500, "internal", "ERROR.INTERNAL");
    return c.text("500", 500, { "Cache-Control": "no-store" });
  });
  return app;
}
