import { createContext } from "react-router";
import type { AuthService } from "./auth/firebase-config";
import type { PageSession } from "./auth/session";
import type { ContentSource } from "./content-source";
import type { FormsService } from "./forms/service";
import type { Lang } from "./languages";

/** The cookie rules of this request's origin. */
export interface CookieRules {
  /** `Set-Cookie` carries `Secure`: everywhere but plain-http loopback development (`npm start`, e2e). */
  secure: boolean;
}

/**
 * What the Worker lends pages (Hydrogen's `context` shape): app/ declares the interfaces and
 * never imports worker/; the Worker builds them per request (worker/services/app-services.ts)
 * and a route test hands in fakes.
 */
export interface AppServices {
  forms: FormsService;
  auth: AuthService;
  cookies: CookieRules;
}

/** Everything a loader or action may use, built once per request by the Worker. */
export interface AppContext {
  env: Env;
  /** Background work that may outlive the response (cache refreshes, deliveries). */
  waitUntil: (promise: Promise<unknown>) => void;
  lang: Lang;
  /**
   * The site's public origin for absolute URLs (app/lib/origin.ts): never the request's `Host`
   * in production; empty there when `PUBLIC_ORIGIN` is missing, so URLs stay site-relative.
   */
  origin: string;
  nonce: string;
  requestId: string;
  isCrawler: boolean;
  content: ContentSource;
  /** A verified Storyblok Visual Editor request: `content` serves drafts and the bridge is loaded. */
  preview: boolean;
  /**
   * The member session the edge guard verified, on member pages and on any page whose request
   * carries a session cookie (then `private, no-store`); `none` otherwise, so public pages stay
   * cacheable.
   */
  session: PageSession;
  /**
   * The Worker's same-site rule (worker/middleware/same-site.ts) refused this state-changing
   * request; the root middleware answers 403 before any action runs.
   */
  crossSiteRefused: boolean;
  /**
   * A request the Worker renders as a GET for the root middleware to answer (worker/app.ts,
   * `asRendered`): 405 for a method pages do not take (PUT, DELETE, OPTIONS…), 404 for a form
   * posted outside the language trees (`POST /`). No loader's data and no action then.
   */
  answeredAs: 404 | 405 | null;
  services: AppServices;
}

export const appContext = createContext<AppContext>();
