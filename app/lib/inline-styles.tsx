import { createContext, useContext } from "react";

/**
 * The page's part of the site's stylesheet, inlined into each document by the server
 * (entry.server.tsx, app/lib/page-styles.server.ts) so the first paint waits for no extra
 * request, and the CSS never ships inside JavaScript.
 */
export const InlineStylesContext = createContext("");

const STYLE_ID = "site-css";
/**
 * In the browser: the text the server wrote, read once before anything renders. When React
 * re-creates the document's `<head>` (the root error boundary takes over after a failed client
 * navigation), the new `<style>` gets the same text instead of an empty one.
 */
const written = typeof document === "undefined" ? "" : (document.getElementById(STYLE_ID)?.textContent ?? "");

export function InlineStyles() {
  const css = useContext(InlineStylesContext) || written;
  // Hydration keeps the server's text (React does not patch innerHTML), hence no warning.
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
