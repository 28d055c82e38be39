import type { AppContext } from "./context.server";
import { loadShell } from "./shell.server";

/**
 * What the 404 of a path no page answers carries: the non-fatal message ('Page not found: {path}')
 * and the shell of the visitor's language, so the error page shows inside the site's header and
 * footer (`shellOfError`, app/components/site-shell.tsx). Thrown with status 404 by the not-found
 * route and by the root's middleware (app/root.tsx).
 */
export async function notFoundBody(request: Request, app: AppContext) {
  return { message: `Page not found: ${new URL(request.url).pathname}`, fatal: false, shell: await loadShell(app) };
}
