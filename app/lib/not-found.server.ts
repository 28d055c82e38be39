import { data } from "react-router";
import type { AppContext } from "./context.server";
import { SHELL_MESSAGES, routeMessages } from "./messages.server";
import { loadShell } from "./shell.server";

/**
 * A path no page answers: the non-fatal 404 ('Page not found: {path}'). It carries the shell of
 * the visitor's language, so the error page shows inside the site's header and footer
 * (`shellOfError`, app/components/site-shell.tsx), and the shell's messages with their language,
 * because the root's loader has not run when the root's middleware throws it (app/root.tsx).
 */
export async function throwPageNotFound(request: Request, app: AppContext): Promise<never> {
  const shell = await loadShell(app);
  throw data(
    {
      message: `Page not found: ${new URL(request.url).pathname}`,
      fatal: false,
      shell,
      lang: app.lang,
      messages: routeMessages(app.lang, SHELL_MESSAGES),
    },
    { status: 404 },
  );
}
