import { createMiddleware } from "hono/factory";
import type { AppEnv } from "#worker/types.ts";
import { authConfigFromEnv } from "./config";

/** The paths the Firebase Auth SDK calls on an emulator (accounts, token refresh, emulator extras). */
const EMULATOR_PATH = /^\/(identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|emulator)\//;

/**
 * In local development only, serves the Firebase Auth emulator through the site's own origin:
 * the browser SDK is pointed at `location.origin` and these requests are forwarded to
 * `FIREBASE_AUTH_EMULATOR_HOST`, so the page's CSP (`connect-src 'self'`) holds unchanged.
 * Without emulator mode (always in production, see `authConfigFromEnv`) it does nothing.
 */
export function authEmulatorProxy() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    if (!EMULATOR_PATH.test(url.pathname)) return next();
    const config = authConfigFromEnv(c.env);
    if (!config.emulator) return next();
    const target = `http://${c.env.FIREBASE_AUTH_EMULATOR_HOST}${url.pathname}${url.search}`;
    const headers = new Headers(c.req.raw.headers);
    headers.delete("Cookie");
    const method = c.req.method;
    const upstream = await fetch(target, {
      method,
      headers,
      // Streamed through, never read into the Worker's memory.
      body: method === "GET" || method === "HEAD" ? undefined : c.req.raw.body,
    });
    return new Response(upstream.body, {
      status: upstream.status,
      headers: {
        "Content-Type": upstream.headers.get("Content-Type") ?? "application/json",
        "Cache-Control": "no-store",
      },
    });
  });
}
