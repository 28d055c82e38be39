import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { DatasourceEntry } from "#app/lib/content-source.ts";
import { oneHop, type Follow } from "#worker/lib/one-hop.ts";
import { isPagePath } from "#worker/lib/paths.ts";
import { buildRedirectTable, findRedirect, type RedirectTable } from "#worker/services/content/redirects.ts";
import type { AppEnv } from "#worker/types.ts";

export interface RedirectsConfig {
  /** The `redirects` datasource entries for this request (read through the KV cache). */
  entries: (c: Context<AppEnv>) => Promise<DatasourceEntry[]>;
  /** The site's public origin for this request, to recognise absolute targets that stay on the site. */
  origin: (c: Context<AppEnv>) => string;
  /** Asks the Worker for a rule's target, so a rule that lands on another redirect is one hop. */
  follow?: Follow;
}

/** Browsers keep a 301 forever unless told otherwise; editors must be able to change their minds. */
const REDIRECT_CACHE_CONTROL = "public, max-age=300";

/** The last table built in this isolate: the rules rarely change, so most requests reuse it. */
let lastBuilt: { entries: DatasourceEntry[]; origin: string; fingerprint: string; table: RedirectTable } | null = null;

function tableFor(entries: DatasourceEntry[], origin: string): RedirectTable {
  // The sources hand out the same array while the rules stay the same (embedded, or kept per
  // content version): then not even the fingerprint is worked out again.
  if (lastBuilt?.entries === entries && lastBuilt.origin === origin) return lastBuilt.table;
  const fingerprint = `${origin}\n${JSON.stringify(entries)}`;
  if (lastBuilt?.fingerprint === fingerprint) {
    lastBuilt = { ...lastBuilt, entries };
    return lastBuilt.table;
  }
  const { table, rejected } = buildRedirectTable(entries, origin);
  // Logged once per rule set and isolate, not on every request.
  if (rejected.length > 0) console.warn(`redirects: ${rejected.length} rule(s) ignored`, rejected.join("; "));
  lastBuilt = { entries, origin, fingerprint, table };
  return table;
}

/**
 * Applies the CMS redirect rules to GET/HEAD page requests before anything renders. A rule set
 * that cannot be loaded (CMS down, nothing cached) never takes the site down: pages render
 * without redirects and the failure is logged.
 */
export function cmsRedirects(config: RedirectsConfig) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !isPagePath(url.pathname)) return next();

    let entries: DatasourceEntry[];
    try {
      entries = await config.entries(c);
    } catch (error) {
      console.warn("redirects: rules unavailable", error instanceof Error ? error.message : String(error));
      return next();
    }
    if (entries.length === 0) return next();

    const redirect = findRedirect(tableFor(entries, config.origin(c)), url);
    if (!redirect) return next();
    const answer = new Response(null, {
      status: redirect.status,
      headers: { Location: redirect.location, "Cache-Control": REDIRECT_CACHE_CONTROL },
    });
    return oneHop(c, answer, config.follow);
  });
}
