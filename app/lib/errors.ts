import { data } from "react-router";

/**
 * A route's validity rule: anything other than `true` raises the fatal error with that
 * status (404 by default) and the message 'Page Not Found: {path}'.
 */
export function assertValidRoute(result: boolean | number, pathname: string): void {
  if (result === true) return;
  const status = typeof result === "number" ? result : 404;
  throw data({ message: `Page Not Found: ${pathname}`, fatal: true }, { status });
}

/** An unmatched page: a non-fatal 404 with the message 'Page not found: {path}'. */
export function notFound(pathname: string): never {
  throw data({ message: `Page not found: ${pathname}`, fatal: false }, { status: 404 });
}
