/**
 * The whole stylesheet (app/app.css, one immutable file) as the only dependency of this empty
 * module: importing it makes the browser's module loader add the stylesheet and resolve once it
 * applies, with the error handling every chunk already has (a failed load after a deploy reloads
 * the page, app/entry.client.tsx). The server inlines only the page's part
 * (app/lib/page-styles.server.ts); root.tsx's `clientMiddleware` imports this before the first
 * client navigation, as the next page may show blocks whose styles that part lacks.
 */
import "../app.css";
