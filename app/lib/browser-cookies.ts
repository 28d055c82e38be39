import { readCookie } from "./languages";

/**
 * Reads one of the page's own readable cookies without stalling hydration. For values that need
 * no URI decoding (the session hints): the Cookie Store API gives them as stored.
 *
 * `document.cookie` is a synchronous round trip to the browser's cookie store: in Lighthouse's
 * trace of the home page, the session keeper's reads spent 1–6 ms of hydration's task waiting for
 * it. `cookieStore.get` answers in a later
 * task instead. Browsers without the Cookie Store API (or an insecure origin, where it is missing)
 * read `document.cookie`, as before.
 */
export async function readBrowserCookie(name: string): Promise<string | null> {
  if ("cookieStore" in globalThis) return (await cookieStore.get(name).catch(() => null))?.value ?? null;
  return readCookie(document.cookie, name);
}
