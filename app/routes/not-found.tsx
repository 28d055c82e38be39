import { useRouteError } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorShell, shellOfError } from "~/components/site-shell";
import { appContext } from "~/lib/context.server";
import { throwPageNotFound } from "~/lib/not-found.server";

/** Anything outside the language tree that the Worker did not redirect (`POST /`): the 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return throwPageNotFound(request, context.get(appContext));
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorShell shell={shellOfError(useRouteError())} />;
}
