import { data, isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorShell, type ShellData } from "~/components/site-shell";
import { appContext } from "~/lib/context.server";
import { loadShell } from "~/lib/shell.server";

/**
 * Anything outside the language trees that the Worker did not redirect: the non-fatal 404
 * ('Page not found: {path}'), carrying the shell of the visitor's language so the error page
 * shows inside the site's header and footer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shell = await loadShell(context.get(appContext));
  throw data({ message: `Page not found: ${new URL(request.url).pathname}`, fatal: false, shell }, { status: 404 });
}

export default function NotFound() {
  return null;
}

function shellOf(error: unknown): ShellData | null {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return null;
  return "shell" in error.data ? (error.data.shell as ShellData) : null;
}

export function ErrorBoundary() {
  return <ErrorShell shell={shellOf(useRouteError())} />;
}
