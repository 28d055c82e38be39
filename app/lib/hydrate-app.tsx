import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { rememberClickedLinks, reloadWhenOldBuildCodeFails, takeIntendedNavigation } from "./chunk-reload";

/**
 * Hydrates the page. Called by the browser's entry (app/entry.client.tsx), which React Router's
 * module script imports last, once the page's manifest and route modules are set up. Kept out of
 * the entry's own file so it rides in the `app` file every page loads (one fewer file to
 * compress on its own), and a function so that evaluating `app` early (route modules import it)
 * starts nothing.
 */
export function hydrateApp() {
  // A reload for missing code that interrupted a link: on to where the visitor was going.
  const intended = readIntended();
  if (intended) {
    location.replace(intended);
    return;
  }
  rememberClickedLinks(() => sessionStorage);
  reloadWhenOldBuildCodeFails(() => sessionStorage);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

function readIntended(): string | null {
  try {
    return takeIntendedNavigation(sessionStorage, location.href);
  } catch {
    return null;
  }
}
