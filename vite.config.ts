import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { minifySync } from "rolldown/experimental";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Marks the project's valibot calls (`v.object(…)`, `v.pipe(…)`) as pure in the browser build.
 * Blocks and helpers declare their schemas beside their components; the server validates with
 * them, the browser only with the forms' schemas. Annotated, a schema that no browser code reads
 * is dropped from the client chunks, and with it valibot itself from pages without a form.
 */
function pureValibotSchemas(): Plugin {
  return {
    name: "arena:pure-valibot-schemas",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: /[\\/](app|bloks)[\\/].*\.tsx?$/, code: 'from "valibot"' },
      handler(code) {
        return { code: code.replace(/(?<![\w.$])v\.(\w+)\(/g, "/* @__PURE__ */ v.$1("), map: null };
      },
    },
  };
}

/**
 * Writes what the consent manager's always-loaded part (consent-host.tsx, built into the root
 * route's file) adds to that file in gzip bytes to build/consent-stub.json: `npm run size` adds it to the lazily
 * loaded runtime to check the 2 kB budget of the banner and the update check (docs/consent.md).
 */
function consentStubSize(): Plugin {
  const minifiedGzip = (code: string) => gzipSync(minifySync("chunk.js", code).code).length;
  return {
    name: "arena:consent-stub-size",
    applyToEnvironment: (environment) => environment.name === "client",
    renderChunk(code, chunk) {
      const stub = Object.entries(chunk.modules).find(([id]) => /consent-host\.tsx$/.test(id))?.[1].code;
      if (!stub || !code.includes(stub)) return null;
      // What it adds to its file: the file's minified gzip size with it, minus without it.
      const gzip = minifiedGzip(code) - minifiedGzip(code.replace(stub, ""));
      mkdirSync("build", { recursive: true });
      writeFileSync("build/consent-stub.json", JSON.stringify({ chunk: chunk.name, gzip }));
      return null;
    },
  };
}

/**
 * Code that only some screens need: the member area, forms, events, Firebase, the consent runtime,
 * the 404 entry, rich text, JSON-LD, field messages, lazy images (only blocks and cards show
 * them; the event page's lead image is `PlainImg`) and the member forms' submit hold. Any route
 * that imports a module statically makes it "initial", so without these exclusions the event
 * page's rich text would ride in the file every page loads.
 */
const NOT_ON_EVERY_PAGE =
  /[\\/](auth|dashboard|events?|forms|consent|rich-text)[\\/]|ui[\\/](field|card|tabs|notice)\.tsx|use-online|member|firebase|not-found|rich-text\.tsx|field-messages|json-ld|responsive-img|deferred-images|held-submits/;

/**
 * How the browser's JavaScript is cut into files (docs/performance.md). Every page loads the same
 * two big files, React with React Router ("framework") and the app code that every public page
 * runs ("app"), because a few files compress far better than dozens of small ones. Valibot has
 * its own file, loaded only by forms and the member area. Blocks, forms, events and the member
 * area stay in files of their own, loaded by the pages that use them.
 */
const clientChunks = {
  groups: [
    { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 4 },
    { name: "valibot", test: /node_modules[\\/]valibot[\\/]/, priority: 4 },
    {
      // What the public forms and the member forms both draw with: a field, its messages, the
      // error summary, the submit button's press. Kept out of "member" below, which would
      // otherwise take them along and send public forms the identity screens' code.
      name: "form-controls",
      test: /[\\/]app[\\/](components[\\/](ui[\\/]field\.tsx|forms[\\/](submit-press\.ts|form-context\.tsx|error-summary\.tsx))|lib[\\/]field-messages\.ts)$/,
      // Below "app": what every page runs stays there, not in a file only forms need.
      priority: 2,
    },
    {
      // The identity screens' shared parts (sign-in, registration, password reset, verification,
      // and the member area's layout): one file instead of five small ones that every one of
      // those screens loads anyway. A page's files are fetched over a few connections, so each
      // extra file costs a slow phone a round trip.
      name: "member",
      test: /[\\/]app[\\/](components[\\/]auth[\\/](firebase-provider|member-form|offline-tickets)\.tsx|lib[\\/]auth[\\/](firebase-errors|session)\.ts)$/,
      // Last: "app" and "form-controls" keep what they share with it.
      priority: 1,
    },
    {
      name: "app",
      // Not the browser's entry: it starts hydration, which must wait until React Router's module
      // script has set up the page's manifest and route modules (it imports the entry last). Two
      // tiny event modules are in: a file of their own cost the event page more than they weigh.
      test: (id: string) =>
        /[\\/](app|bloks)[\\/]/.test(id) &&
        (!NOT_ON_EVERY_PAGE.test(id) || /[\\/](event-image\.tsx|event-links\.ts)$/.test(id)) &&
        !/entry\.client/.test(id),
      // Only modules that a route imports statically; blocks and on-demand parts keep their own files.
      tags: ["$initial" as const],
      priority: 3,
    },
  ],
};

/**
 * V8's explicit compile hint (Chromium 136+; elsewhere a comment): the framework file is compiled
 * whole while it streams in, on a background thread, instead of function by function on the main
 * thread when hydration first calls them. Nearly all of React DOM and React Router runs on every
 * first load, so little is compiled for nothing. Measured in docs/performance.md ("Compile hint").
 */
const eagerCompileHint = (chunk: { name: string }) =>
  chunk.name === "framework" ? "//# allFunctionsCalledOnLoad" : "";

/** Files every page has loaded before any code asks for more: preloading them again does nothing. */
const LOADED_ON_EVERY_PAGE = /(^|\/)(framework|app|rolldown-runtime)-[\w-]+\.js$/;

/**
 * Modules with no side effects of their own that the bundler cannot prove so (top-level calls
 * building their tables of checks). Declared, importing one only for a schema (a block's module
 * naming `SeoFieldsSchema`) no longer brings the image builder to the browser.
 */
const NO_SIDE_EFFECTS = /[\\/]app[\\/]lib[\\/](image|image-options|seo|content-types|rich-text[\\/]safe-url)\.ts$/;

/**
 * The build's id (app/lib/build-id.ts), the same in the Worker and the browser's code: a tab
 * compares its own with the one `/version.json` answers to find out about a new deploy.
 */
const BUILD_ID = process.env.BUILD_ID || `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * `ARENA_CONTENT=storyblok` (`npm run deploy`, the deploy check): the Worker reads its stories from
 * Storyblok only and carries none of `content/stories` (worker/services/content/embedded.ts), so
 * its size and start-up do not grow with the catalogue.
 */
const EMBEDDED_STORIES = process.env.ARENA_CONTENT !== "storyblok";

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID), __EMBEDDED_STORIES__: JSON.stringify(EMBEDDED_STORIES) },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), pureValibotSchemas(), consentStubSize()],
  resolve: {
    // rosetta's one dependency: its package's `browser` field names a UMD build (the function
    // three times over, behind a CommonJS wrapper); the ES module is the function alone.
    alias: [{ find: /^dlv$/, replacement: path.resolve("node_modules/dlv/dist/dlv.es.js") }],
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: clientChunks, postBanner: eagerCompileHint },
          treeshake: { moduleSideEffects: (id: string) => !NO_SIDE_EFFECTS.test(id) },
        },
        // The consent runtime's parts load one at a time, on demand (a click, a configured
        // provider); preloading their dependencies would only cost it a long list of names.
        // Elsewhere, code loaded on demand preloads what it needs, except the files every page
        // has already loaded (their names only cost bytes in every list).
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId }) =>
            /consent-runtime/.test(hostId) ? [] : deps.filter((dep) => !LOADED_ON_EVERY_PAGE.test(dep)),
        },
      },
    },
  },
});
