declare const __BUILD_ID__: string | undefined;

/**
 * The id of the build this code belongs to, written into both the Worker and the browser's
 * code by `vite.config.ts` (`define`). The Worker answers it at `/version.json`; a tab open
 * across a deploy compares it with its own (app/lib/update-check.ts). "dev" outside a build.
 */
export const BUILD_ID: string = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev";

/** Where the Worker answers the current build's id (`{ "id": "…" }`, never cached). */
export const VERSION_PATH = "/version.json";
