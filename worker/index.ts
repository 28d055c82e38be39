import { createApp } from "./app";
import { handleConsentBatch } from "./queue/consent-proofs";
import { handleDeliveryBatch } from "./queue/deliveries";
import { pageRenderer } from "./render-page";

// Created once per isolate; each request gets its own RouterContextProvider in createApp.
const renderPage = pageRenderer(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = createApp(renderPage);

/** The Worker: pages and the API over `fetch`; consent proofs and form deliveries (worker/queue/) over `queue`. */
export default {
  fetch: app.fetch,
  queue: (batch, env) =>
    batch.queue.startsWith("arena-consent-proofs") ? handleConsentBatch(batch, env) : handleDeliveryBatch(batch, env),
} satisfies ExportedHandler<Env>;
