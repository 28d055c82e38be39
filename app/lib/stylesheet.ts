/**
 * What a client navigation needs before its page renders, loaded by root.tsx's `clientMiddleware`
 * before the first one (later ones find it there):
 * - the whole stylesheet (app/app.css, one immutable file): importing it makes the browser's
 *   module loader add the stylesheet and resolve once it applies, with the error handling every
 *   chunk already has (a failed load after a deploy reloads the page, app/entry.client.tsx). The
 *   server inlines only the page's part (app/lib/page-styles.server.ts), and the next page may
 *   show blocks whose styles that part lacks;
 * - the site font, which this first navigation starts loading (./site-font.ts).
 */
import "#app/app.css";
import { fetchSiteFont } from "./site-font";

fetchSiteFont();

export { adoptFetchedSiteFont } from "./site-font";
