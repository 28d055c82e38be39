import { createRequestHandler, type ServerBuild } from "react-router";
import type { PageRenderer } from "./app";

/**
 * React Router's request handler over the server build, its route tables derived once per isolate.
 *
 * Handed a function, `createRequestHandler` awaits it and derives everything again on every
 * request (the data routes of all three language trees and a static handler with its ranked
 * branches): about a millisecond of CPU per page for nothing outside development, where Vite
 * swaps the build under it and the function form stays. Handed the build, it derives once.
 */
export function pageRenderer(loadBuild: () => Promise<ServerBuild>, mode: string): PageRenderer {
  if (mode === "development") return createRequestHandler(loadBuild, mode);
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (request, context) => {
    handler ??= loadBuild().then(
      (build) => createRequestHandler(build, mode),
      (error: unknown) => {
        // A failed load is tried again by the next request rather than remembered.
        handler = undefined;
        throw error;
      },
    );
    return (await handler)(request, context);
  };
}
