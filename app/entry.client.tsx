import { hydrateApp } from "./lib/hydrate-app";

// Imported last by React Router's module script, after the page's route modules are set up.
hydrateApp();
