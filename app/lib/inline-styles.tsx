import { createContext, useContext } from "react";

/**
 * The site's stylesheet, inlined into each document by the server (entry.server.tsx) so the first
 * paint waits for no extra request. In the browser the value is empty: the `<style>` element the
 * server wrote stays as it is, and the CSS never ships inside JavaScript.
 */
const InlineStylesContext = createContext("");
export const InlineStylesProvider = InlineStylesContext.Provider;

export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  // Hydration keeps the server's text (React does not patch innerHTML), hence no warning.
  return <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
