/**
 * The whole stylesheet (app/app.css, one immutable file), loaded by root.tsx's `clientMiddleware`
 * before the first client navigation (later ones find it there). Importing it makes the browser's
 * module loader add the stylesheet and resolve once it applies, with the error handling every
 * chunk already has (a failed load after a deploy reloads the page, `reloadWhenOldBuildCodeFails`
 * in app/lib/chunk-reload.ts). The server inlines only the page's part
 * (app/lib/page-styles.server.ts), and the next page may show blocks whose styles that part lacks.
 */
import "#app/app.css";
