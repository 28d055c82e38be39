import { NEAR_VIEW_MARGIN, revealImagesNearView, VISITOR_USES } from "./deferred-images";
import {
  HELD_ATTRIBUTE,
  HELD_FORMS,
  holdSubmitsUntilHydrated,
  HYDRATED_ATTRIBUTE,
  LOADING_LABEL_ATTRIBUTE,
} from "./held-submits";
import { useNonce } from "./nonce";

/**
 * The page's own script, run as the document arrives, before the app's code has loaded: lazy
 * images get their files once near the screen (./deferred-images.ts) and the member forms'
 * submits wait for hydration (./held-submits.ts). Written from the functions' source on the
 * server only: the browser's build ships none of it, and hydration keeps the server's text
 * (React does not patch a script's content).
 */
const SOURCE = import.meta.env.SSR
  ? [
      `(${String(revealImagesNearView)})(${JSON.stringify(VISITOR_USES)}, ${JSON.stringify(NEAR_VIEW_MARGIN)});`,
      `(${String(holdSubmitsUntilHydrated)})(${[HELD_FORMS, HYDRATED_ATTRIBUTE, HELD_ATTRIBUTE, LOADING_LABEL_ATTRIBUTE].map((text) => JSON.stringify(text)).join(", ")});`,
    ].join("\n")
  : "";

/** Rendered first in the `<body>`, so it runs before any image or form of the page is parsed. */
export function BeforeHydration() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SOURCE }} suppressHydrationWarning />;
}
