import type { Route } from "./+types/page";
import { BlokView } from "../../../bloks/render";
import { appContext } from "~/lib/context.server";
import { assertValidRoute, notFound } from "~/lib/errors";

/** Slugs are lowercase words, digits and dashes, separated by slashes. */
const VALID_SLUG = /^(?:[a-z0-9][a-z0-9-]*\/)*(?:[a-z0-9][a-z0-9-]*)?$/;

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { content, lang } = context.get(appContext);
  const { pathname } = new URL(request.url);
  const slug = (params["*"] ?? "").replace(/\/$/, "");
  assertValidRoute(VALID_SLUG.test(slug), pathname);
  // "home" is only reachable at the language root, and non-page stories (site config) are not pages.
  const story = slug === "home" ? null : await content.getStory(lang, slug);
  if (!story || story.content.component !== "page") notFound(pathname);
  const title = typeof story.content.title === "string" ? story.content.title : story.name;
  return { story, title };
}

/** The catch-all content page: any story rendered through the block registry. */
export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <BlokView blok={loaderData.story.content} />;
}
