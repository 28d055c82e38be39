/**
 * The markup a browser with scripts shows: without the `<noscript>` copies of lazy images
 * (app/components/responsive-img.tsx), so each image is counted once.
 */
export const shownHtml = (html: string) => html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
