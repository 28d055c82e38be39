import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import type { ContentSource } from "./content-source";
import { appContext, type AppContext, type AppServices } from "./context.server";

/** A fake a test did not hand in: using it fails the test instead of reaching a real service. */
const notFaked = (name: string) => () => {
  throw new Error(`${name} is not faked in this test`);
};

const noContent: ContentSource = {
  getStory: notFaked("content.getStory"),
  getSiteConfig: notFaked("content.getSiteConfig"),
  listStories: notFaked("content.listStories"),
  getLinks: notFaked("content.getLinks"),
  getDatasource: notFaked("content.getDatasource"),
};

const noServices: AppServices = {
  forms: { submit: notFaked("forms.submit") },
  auth: { clientConfig: notFaked("auth.clientConfig"), optionalClientConfig: notFaked("auth.optionalClientConfig") },
  cookies: { secure: true },
};

export interface TestContextInit extends Partial<Omit<AppContext, "services">> {
  services?: Partial<AppServices>;
}

/**
 * The request context the Worker builds (worker/app.ts), for calling a route's loader or action
 * directly: the test environment's bindings, no session, and the services the test hands in.
 */
export function testContext({ services, ...init }: TestContextInit = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env,
    waitUntil: () => {},
    lang: "es",
    origin: "http://arena.test",
    nonce: "test-nonce",
    requestId: "test-request",
    isCrawler: false,
    content: noContent,
    preview: false,
    session: { status: "none" },
    crossSiteRefused: false,
    answeredAs: null,
    ...init,
    services: { ...noServices, ...services },
  });
  return context;
}
