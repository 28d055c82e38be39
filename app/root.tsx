import { useEffect, type ReactNode } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { SessionKeeper } from "./components/auth/session-keeper";
import { ConsentHost } from "./components/consent/consent-host";
import { ErrorShell, shellOfError } from "./components/site-shell";
import { LoadingBarOnDemand } from "./components/loading-bar-on-demand";
import { thirdPartiesFromEnv } from "./lib/consent/third-parties.server";
import { appContext } from "./lib/context.server";
import { I18nProvider, usePageMessages } from "./lib/i18n-context";
import type { MessageTree } from "./lib/i18n";
import type { Frozen } from "./lib/frozen";
import { routeMessages, SHELL_MESSAGES } from "./lib/messages.server";
import { notFoundBody } from "./lib/not-found.server";
import { loadShell } from "./lib/shell.server";
import { DEFAULT_LANG, HTML_LANG, isLang, langOfPath, type Lang } from "./lib/languages";
import { InlineStyles } from "./lib/inline-styles";
import { BeforeHydration } from "./lib/before-hydration";
import { isFromOldBuild } from "./lib/chunk-reload";
import { useNonce } from "./lib/nonce";
import { SITE_FONT_PRELOAD } from "./lib/site-font";

/** The site font's file is preloaded on every page, so its first layout is in Archivo (app/lib/site-font.ts). */
export const links: Route.LinksFunction = () => [
  SITE_FONT_PRELOAD,
  // The icon set (scripts/icons.mjs): ICO for what asks /favicon.ico, SVG for the rest; the
  // manifest (with its PNGs) is the page language's, linked in `Layout`.
  // The ICO holds 16, 32 and 48 px images.
  { rel: "icon", href: "/favicon.ico", sizes: "16x16 32x32 48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

/**
 * Answers that end here, before any loader or action, on the error page:
 * - a state change the Worker's same-site rule refused (403);
 * - a method pages do not take (405; the Worker adds `Allow`), or a form posted outside the
 *   language trees (404): the Worker renders both as GETs (`answeredAs`);
 * - a first segment that is no language (`/xx/logo.png`, a form posted to `/fr/contact/`): the
 *   one route tree matches it as `/:lang/…` (app/routes.ts), so this is the 404 page.
 * The root loader does not run then, so both answers carry the shell's language and messages.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, params, request }) => {
    const app = context.get(appContext);
    const shellMessages = () => ({ lang: app.lang, messages: routeMessages(app.lang, SHELL_MESSAGES) });
    if (app.crossSiteRefused) throw data({ crossSite: true, ...shellMessages() }, { status: 403 });
    if (app.answeredAs === 405) throw data({ shell: await loadShell(app), ...shellMessages() }, { status: 405 });
    if (app.answeredAs === 404 || (params.lang !== undefined && !isLang(params.lang)))
      throw data({ ...(await notFoundBody(request, app)), ...shellMessages() }, { status: 404 });
  },
];

/**
 * A client navigation loads the whole stylesheet before its data (app/lib/stylesheet.ts):
 * the next page may show blocks whose styles this page's inlined part lacks. Only the first one
 * waits for the file; later ones find it there. Kept away by the network, a request goes on
 * without it (and the next one asks again).
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_, next) => {
    try {
      await import("./lib/stylesheet");
    } catch (error) {
      // A form sent from this page needs no other styles, and says itself whether it was sent.
      // Only a file a newer deploy removed stops the request (the page reloads for it:
      // app/lib/chunk-reload.ts).
      if (await isFromOldBuild()) throw error;
    }
    return next();
  },
];

/** The language and messages a middleware's answer carries (see `middleware`), else null. */
function middlewareAnswerOf(error: unknown): { lang: Lang; messages: Frozen<MessageTree> } | null {
  if (!isRouteErrorResponse(error)) return null;
  const body: unknown = error.data;
  if (typeof body !== "object" || body === null || !("lang" in body) || !("messages" in body)) return null;
  if (!isLang(body.lang)) return null;
  if (typeof body.messages !== "string") return null;
  return { lang: body.lang, messages: body.messages as Frozen<MessageTree> };
}

export function loader({ context }: Route.LoaderArgs) {
  // The public origin (app/lib/origin.ts) makes structured-data URLs absolute (app/lib/json-ld.tsx).
  const { lang, isCrawler, env, origin, services } = context.get(appContext);
  // Public Firebase web config, used only when a signed-in hint asks to keep a session fresh.
  return {
    lang,
    // The shell's messages; each route's loader sends its own (app/lib/messages.server.ts).
    messages: routeMessages(lang, SHELL_MESSAGES),
    isCrawler,
    origin,
    firebase: services.auth.optionalClientConfig(),
    // Configured third parties (docs/consent.md); loaded in the browser only after consent.
    thirdParties: thirdPartiesFromEnv(env),
  };
}

/** The shell's messages only change with the language tree. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname);
}

export function Layout({ children }: { children: ReactNode }) {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root") ?? middlewareAnswerOf(error);
  const { pathname } = useLocation();
  const lang = data?.lang ?? langOfPath(pathname) ?? DEFAULT_LANG;
  const messages = usePageMessages(data?.messages);
  const nonce = useNonce();
  // One bar for the whole app, so it can finish in the error state when a navigation fails.
  const failed = error != null;
  // The document is interactive from here: its links navigate in the app (end-to-end tests wait for this mark).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  const shell = (
    <body>
      <BeforeHydration />
      <LoadingBarOnDemand failed={failed} />
      {children}
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </body>
  );
  return (
    <html lang={HTML_LANG[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a0d18" />
        <Meta />
        <InlineStyles />
        {/* Server only: the first frame waits until the document has arrived up to the footer's
            last line (Chromium unblocks when that element starts), so no frame shows half a
            header or half a hero that the rest then moves (docs/performance.md, "First frame").
            The browser's build drops it; hydration skips the extra tag in the head. */}
        {import.meta.env.SSR && <link rel="expect" href="#site-copyright" blocking="render" />}
        <Links />
        <link rel="manifest" href={`/${lang}/manifest.webmanifest`} />
      </head>
      {data ? (
        <I18nProvider lang={data.lang} messages={messages}>
          {shell}
        </I18nProvider>
      ) : (
        shell
      )}
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <SessionKeeper config={loaderData.firebase} />
      <ConsentHost thirdParties={loaderData.thirdParties} />
    </>
  );
}

/**
 * Errors outside the layout (its own failure, the root's, a middleware's answer): the error page,
 * inside the shell when the answer carries one (a 404).
 */
export function ErrorBoundary() {
  return <ErrorShell shell={shellOfError(useRouteError())} />;
}
