import type { AppServices } from "#app/lib/context.server.ts";
import type { Lang } from "#app/lib/languages.ts";
import { authService } from "./auth/client-config";
import { cookiesMustBeSecure } from "./auth/session-cookie";
import { submitForm } from "./forms/submit";

/** The services of one page request's context, bound to its environment, language and URL. */
export function appServices(env: Env, lang: Lang, requestUrl: string): AppServices {
  return {
    forms: { submit: (kind, request) => submitForm(kind, request, { env, lang }) },
    auth: authService(env),
    cookies: { secure: cookiesMustBeSecure(requestUrl) },
  };
}
