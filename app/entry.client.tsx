import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadForChunkError } from "./lib/chunk-reload";

// Vite reports a failed preload of a route chunk (typically after a new deploy).
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForChunkError(sessionStorage, () => location.reload())) event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
