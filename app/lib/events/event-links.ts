/** An event slug as it may appear in a URL. */
export const EVENT_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** The site path of an event page; its ticket page and calendar file live below it. */
export function eventPath(lang: string, slug: string): string {
  return `/${lang}/event/${slug}/`;
}
