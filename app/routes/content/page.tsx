import type { Route } from "./+types/page";
import { Suspense, useMemo, type ComponentProps } from "react";
import { data, useLocation } from "react-router";
import { BlokContextProvider } from "#bloks/context.tsx";
import { firstBlock, resolveBlokData } from "#bloks/data.server.ts";
import { eventListEmpty, eventListView, type EventListView } from "#bloks/events/data.server.ts";
import { validatedStoryContent } from "#bloks/validate.server.ts";
import { BlokView } from "#bloks/render.tsx";
import { storyMessages } from "#bloks/messages.server.ts";
import { requestStoryStyles } from "#app/lib/page-styles.server.ts";
import type { StoryblokBridge as Bridge } from "#app/components/storyblok-bridge.tsx";
import { appContext, type AppContext } from "#app/lib/context.server.ts";
import { assertValidRoute, notFound } from "#app/lib/errors.ts";
import { translatorFor } from "#app/lib/catalogues.server.ts";
import { routeMessages } from "#app/lib/messages.server.ts";
import { pageSeo, seoMeta, siteTitle } from "#app/lib/seo.ts";
import { pageSummary } from "#app/lib/page-summary.ts";
import { siteJsonLd, socialProfiles } from "#app/lib/site-json-ld.ts";
import { handleFormAction } from "#app/lib/forms/action.server.ts";
import { pageTakesForm } from "#app/lib/forms/page-forms.server.ts";
import { answerOrFailure } from "#app/lib/forms/client-action.ts";
import { isFormKind } from "#app/lib/forms/schemas.ts";
import { onDemand } from "#app/lib/on-demand.tsx";
import { perKey, perObject } from "#app/lib/per-object.ts";
import { freeze, freezeNow, thaw, type Frozen } from "#app/lib/frozen.ts";
import type { Blok } from "#app/lib/content-types.ts";
import type { Lang } from "#app/lib/languages.ts";

/** Slugs are lowercase words, digits and dashes, separated by slashes. */
const VALID_SLUG = /^(?:[a-z0-9][a-z0-9-]*\/)*(?:[a-z0-9][a-z0-9-]*)?$/;

/**
 * Title, description, canonical, hreflang alternates, Open Graph and Twitter cards; previews noindex
 * (app/lib/seo.ts). Built by the loader on the server, so the SEO helpers never ship to the browser.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? thaw(loaderData.meta) : []);

/**
 * The blocks the browser renders: the page's content without its search and social fields, which
 * the server already turned into `meta`. Worked out once per published content object (shared:
 * never changed).
 */
const renderedContent = perObject(({ seo: _seo, ...blocks }: Blok): Blok => blocks);

type PageHead = {
  origin: string;
  lang: Lang;
  slug: string;
  /** The event list's view when the page holds the list. */
  view: EventListView | null;
  /** The site's social profiles, on the home page only. */
  sameAs: string[] | null;
  preview: boolean;
  /** The story's name, the title of a page whose content has none. */
  title: string;
};

/** The page's head tags: SEO (app/lib/seo.ts) and, on the home page, the site's JSON-LD. */
function pageHead(content: Blok, { origin, lang, slug, view, sameAs, preview, title }: PageHead) {
  const t = translatorFor(lang);
  const pageTitle = typeof content.title === "string" ? content.title : title;
  const query = view?.query ?? "";
  const fallbackDescription = slug === "" ? null : pageSummary(content);
  const seo = pageSeo({ origin, lang, slug, pageTitle, fields: content.seo, t, query, fallbackDescription });
  // A filtered or later page of the event list is a list of its own: its title and description
  // name what it lists (docs/seo.md).
  const listed = view?.label
    ? {
        title: siteTitle(t, t("SEO.LIST_VIEW_TITLE", { title: pageTitle, view: view.label })),
        description: t("SEO.LIST_VIEW_DESCRIPTION", { view: view.label, site: t("SITE.NAME") }),
      }
    : {};
  const noindex = preview || !!view?.noindex;
  // A noindex page has no language versions to point search engines at.
  const head = seoMeta({ ...seo, ...listed, ...(view?.noindex ? { alternates: [] } : {}) }, { noindex });
  const jsonLd = sameAs ? siteJsonLd({ origin, lang, t, sameAs }) : [];
  return [...head, ...jsonLd.map((data) => ({ "script:ld+json": data }))];
}

/** Published heads by content object, then by everything else they are built from. */
const publishedHeads = perObject((_content: Blok) => perKey<Frozen<ReturnType<typeof pageHead>>>(64));

/** The page's story with its blocks checked, or the 404 (the loader's and the action's). */
async function pageStory(app: AppContext, splat: string | undefined, pathname: string) {
  const { content, lang, preview } = app;
  const slug = (splat ?? "").replace(/\/$/, "");
  assertValidRoute(VALID_SLUG.test(slug), pathname);
  // "home" is only reachable at the language root, and non-page stories (site config) are not pages.
  const found = slug === "home" ? null : await content.getStory(lang, slug);
  // Every block is checked against its schema here, once, before rendering or hydration.
  const checked = found?.content.component === "page" ? validatedStoryContent(found.content, preview) : null;
  if (!found || !checked) notFound(pathname);
  return { slug, story: { ...found, content: checked } };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { content, lang, origin, preview } = app;
  const { slug, story } = await pageStory(app, params["*"], new URL(request.url).pathname);
  const blokData = await resolveBlokData(story.content, { app: context.get(appContext), url: new URL(request.url) });
  // An event list's view (filters, page) is part of the page's identity; a filtered view that
  // lists nothing is kept out of search engines like a search (docs/seo.md).
  const list = firstBlock(story.content, "events");
  const listed = list ? eventListView(new URL(request.url), lang, translatorFor(lang)) : null;
  const view =
    listed?.label && !listed.noindex && eventListEmpty(list && blokData[list._uid]) ? { ...listed, noindex: true } : listed;
  // The home page says who runs the site: Organization and WebSite (app/lib/site-json-ld.ts), as
  // head descriptors, so no component code reaches the browser for them (JSON-LD is data, which
  // the CSP does not govern, so it needs no nonce).
  const sameAs = slug === "" ? socialProfiles(await content.getSiteConfig(lang)) : null;
  const head = { origin, lang, slug, view, sameAs, preview, title: story.name };
  // A published page's head is the same on every request of its version and URL: built once.
  const meta = preview
    ? freezeNow(pageHead(story.content, head))
    : publishedHeads(story.content)(JSON.stringify(head), () => freeze(pageHead(story.content, head)));
  // The messages of the blocks this story holds (bloks/messages.server.ts); the shell's come from the root.
  const messages = routeMessages(lang, storyMessages(story.content, preview));
  // And the parts of the stylesheet they need (app/lib/page-styles.server.ts).
  requestStoryStyles(context, story.content, preview);
  // Only a preview's bridge needs the whole story (its id, to match the editor's events); a
  // published page sends its blocks and the key React keeps them under.
  // The published blocks are frozen (app/lib/frozen.ts): the same for every request of a version.
  const page = preview
    ? { uuid: story.uuid, content: null, story }
    : { uuid: story.uuid, content: freeze(renderedContent(story.content)), story: null };
  return { ...page, meta, preview, blokData, messages };
}

/**
 * Form blocks post here (`?form=<kind>`), so every form also works without JavaScript.
 * A form is taken only by a page that shows it: a post to a missing page is its 404 (nothing
 * stored behind a "not found"), and a form the page does not show is refused (405) like an
 * unknown one.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const { story } = await pageStory(app, params["*"], url.pathname);
  const kind = url.searchParams.get("form");
  if (isFormKind(kind) && !pageTakesForm(story.content, kind))
    throw data({ message: "Method Not Allowed" }, { status: 405 });
  return handleFormAction(request, app);
}

/**
 * With JavaScript, a form's post that gets no answer (offline, a reset connection, a server
 * error) comes back to the form as its own failure, never the error page in its place.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return answerOrFailure(request, serverAction);
}

/** The Visual Editor bridge: only previews render it, so only previews load its code. */
const StoryblokBridge = onDemand<ComponentProps<typeof Bridge>>("StoryblokBridge", () =>
  import("#app/components/storyblok-bridge.tsx").then((module) => module.StoryblokBridge),
);

/** The catch-all content page: any story rendered through the block registry. */
export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const { uuid, content, story, preview, blokData } = loaderData;
  // A new value would reach every block whose code has not loaded yet (bloks/hydration.ts).
  const blokContext = useMemo(() => ({ data: blokData, preview, search }), [blokData, preview, search]);
  return (
    <BlokContextProvider value={blokContext}>
      {story ? (
        <Suspense fallback={null}>
          <StoryblokBridge story={story}>{(draft) => <BlokView blok={draft.content} />}</StoryblokBridge>
        </Suspense>
      ) : (
        // Another story is another tree: React drops the old page's blocks instead of hydrating
        // them only to replace their content (their code may not have loaded: docs/performance.md).
        content && <BlokView key={uuid} blok={thaw(content)} />
      )}
    </BlokContextProvider>
  );
}
