import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { CATALOGUES } from "#app/lib/catalogues.server.ts";
import type { Lang } from "#app/lib/languages.ts";
import { I18nProvider } from "#app/lib/i18n-context.tsx";
import { BlokContextProvider, type BlokDataMap } from "#bloks/context.tsx";
import { BlokView } from "#bloks/render.tsx";
import { WithEditorMarkers } from "#bloks/shared/editor-markers.tsx";
import { validateBlokTree } from "#bloks/validate.server.ts";

/**
 * Test helper: the HTML of one block as the CMS sends it, checked as the page loader checks it
 * and rendered through the registry inside a router at `path`, with the language's messages.
 */
export function renderBlok(
  blok: { component: string; _uid: string } & Record<string, unknown>,
  {
    lang = "en",
    path = `/${lang}/page/`,
    preview = false,
    data = {},
  }: { lang?: Lang; path?: string; preview?: boolean; data?: BlokDataMap } = {},
): string {
  const checked = validateBlokTree(blok, preview);
  if (!checked) return "";
  const Stub = createRoutesStub([
    {
      path: new URL(path, "http://x").pathname,
      Component: () => (
        <I18nProvider lang={lang} messages={CATALOGUES[lang]}>
          <BlokContextProvider value={{ data, preview, search: "" }}>
            {/* A preview's code gives the editor's markers (app/components/storyblok-bridge.tsx). */}
            {preview ? (
              <WithEditorMarkers>
                <BlokView blok={checked} />
              </WithEditorMarkers>
            ) : (
              <BlokView blok={checked} />
            )}
          </BlokContextProvider>
        </I18nProvider>
      ),
    },
  ]);
  // Without React's Suspense markers: a block that renders nothing leaves only those.
  return renderToString(<Stub initialEntries={[path]} />).replace(/<!--\/?\$-->/g, "");
}
