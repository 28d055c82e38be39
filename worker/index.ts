import { createApp } from "./app";
import { handleConsentBatch } from "./queue/consent-proofs";
import { handleDeliveryBatch } from "./queue/deliveries";
import { pageRenderer } from "./render-page";
import { countedBatch, countedRequest, opsCountingOn } from "./services/ops/bench-mode";

// Created once per isolate; each request gets its own RouterContextProvider in createApp.
const renderPage = pageRenderer(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = createApp(renderPage);

/** Consent proofs and form deliveries (worker/queue/), each queue to its consumer. */
const handleBatch = (batch: MessageBatch<unknown>, env: Env) =>
  batch.queue.startsWith("arena-consent-proofs") ? handleConsentBatch(batch, env) : handleDeliveryBatch(batch, env);

/**
 * The Worker: pages and the API over `fetch`, the queues over `queue`; with `OPS_COUNT = "on"`
 * (benchmarks only) its storage operations are counted (docs/capacity.md).
 */
export default {
  fetch: (request, env, ctx) =>
    opsCountingOn(env) ? countedRequest(app.fetch, request, env, ctx) : app.fetch(request, env, ctx),
  queue: (batch, env) => (opsCountingOn(env) ? countedBatch(handleBatch, batch, env) : handleBatch(batch, env)),
} satisfies ExportedHandler<Env>;
