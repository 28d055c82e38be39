import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { ErrorPage } from "./components/error-page";
import { HeaderPanels } from "./components/header-panels";
import { LoadingBar } from "./components/loading-bar";
import { SiteFooter } from "./components/site-footer";
import { StoryblokBridge } from "./components/storyblok-bridge";
import { LiveEvent, LiveShell } from "./components/live-preview";
import { appContext } from "./lib/context.server";
import { InlineStylesContext } from "./lib/inline-styles";
import { NonceContext } from "./lib/nonce";
import { pageStylesheet } from "./lib/page-styles.server";
import { LoginScreen } from "./components/auth/login-screen";
import { provideOnDemandComponents } from "./lib/on-demand";
import { LowPriorityModules, pageModules } from "./lib/script-priority.server";
import { SITE_FONT_FACE_CSS } from "./lib/site-font";
import * as eventPageParts from "./routes/event/event-parts";
import { provideBlokComponents } from "#bloks/components.ts";
import { blokRegistry } from "#bloks/registry.server.ts";

export const streamTimeout = 5_000;

// Components the browser loads on demand render at once here (app/lib/on-demand.tsx).
provideOnDemandComponents({
  SiteFooter,
  HeaderPanels,
  ErrorPage,
  LoadingBar,
  StoryblokBridge,
  LiveShell,
  LiveEvent,
  LoginScreen,
  // Every export of the event page's parts file is one of its on-demand parts.
  ...eventPageParts,
});
// And every block kind: the server never waits for a block's chunk (bloks/components.ts).
provideBlokComponents(blokRegistry);

/** Streams the page, with the response's CSP nonce on every script React Router writes. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, isCrawler } = loadContext.get(appContext);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // HEAD answers with GET's headers (the security headers key on the content type), no body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The site font's face, then only the stylesheet parts this page shows (app/lib/page-styles.server.ts).
  const stylesheet = SITE_FONT_FACE_CSS + pageStylesheet(loadContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <InlineStylesContext value={stylesheet}>
        <LowPriorityModules hrefs={pageModules(routerContext)} nonce={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </LowPriorityModules>
      </InlineStylesContext>
    </NonceContext>,
    {
      nonce,
      // Finished blocks stay inline in the document instead of being moved out into segments
      // that only JavaScript reveals: pages must read (and forms work) without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers (the Worker's one isbot check) get the complete document and final status, not a stream.
  if (isCrawler || routerContext.isSpaMode) await body.allReady;

  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
