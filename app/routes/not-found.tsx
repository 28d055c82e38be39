import type { Route } from "./+types/not-found";
import { notFound } from "~/lib/errors";

/** Anything outside the language trees that the Worker did not redirect. */
export function loader({ request }: Route.LoaderArgs) {
  notFound(new URL(request.url).pathname);
}

export default function NotFound() {
  return null;
}
