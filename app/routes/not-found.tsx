import { data, useRouteError } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorShell, shellOfError } from "#app/components/site-shell.tsx";
import { appContext } from "#app/lib/context.server.ts";
import { notFoundBody } from "#app/lib/not-found.server.ts";

/** Anything outside the language tree that the Worker did not redirect (`POST /`): the 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  throw data(await notFoundBody(request, context.get(appContext)), { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorShell shell={shellOfError(useRouteError())} />;
}
