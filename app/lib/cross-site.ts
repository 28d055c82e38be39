import { isRouteErrorResponse } from "react-router";

/** Whether a route error is the same-site rule's refusal (the root middleware in app/root.tsx). */
export function isCrossSiteRefusal(error: unknown): boolean {
  if (!isRouteErrorResponse(error) || error.status !== 403) return false;
  const body: unknown = error.data;
  return typeof body === "object" && body !== null && "crossSite" in body && body.crossSite === true;
}
