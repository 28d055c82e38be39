import type { DatasourceEntry } from "#app/lib/content-source.ts";
import { canonicalPath } from "#app/lib/paths.ts";

/** One edge redirect: from a site path to where the editor pointed it. */
export interface RedirectRule {
  from: string;
  /** A same-site path (`/es/new/`) or an absolute `http(s)` URL, exactly as the editor wrote it. */
  to: string;
  status: 301 | 302;
}

/** Rules by normalised `from` path, chains already collapsed and loops removed. */
export type RedirectTable = Map<string, RedirectRule>;

/** Entry value: the target, optionally preceded by the status (`302 /es/tickets/`); 301 when omitted. */
const VALUE = /^(?:(301|302)\s+)?(\S+)$/;

/**
 * A path as rules compare it: the page's canonical form (so any spelling of it redirects in one
 * hop), a trailing slash, no query.
 */
export function normaliseRulePath(path: string): string {
  const clean = canonicalPath(path.split(/[?#]/)[0] ?? "/");
  return clean.endsWith("/") ? clean : `${clean}/`;
}

/** A visitor-controlled-free target: a rooted path (never `//host` or `/\host`) or an absolute http(s) URL. */
function parseTarget(to: string): string | null {
  if (to.startsWith("/")) return /^\/[/\\]/.test(to) ? null : to;
  try {
    const url = new URL(to);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The site path a target leads to, or null when it leaves the site. */
function sitePathOf(to: string, origin: string): string | null {
  if (to.startsWith("/")) return normaliseRulePath(to);
  const url = new URL(to);
  return url.origin === origin ? normaliseRulePath(url.pathname) : null;
}

export interface BuiltRedirects {
  table: RedirectTable;
  /** Entries left out, with the reason (logged by the caller). */
  rejected: string[];
}

/**
 * Builds the rule table from the `redirects` datasource. Invalid entries are left out; a chain
 * (`a → b → c`) is collapsed to one hop (`a → c`), and any rule that would come back to where it
 * started, directly or through other rules, is dropped, so the table can never make a loop.
 */
export function buildRedirectTable(entries: DatasourceEntry[], origin: string): BuiltRedirects {
  const rejected: string[] = [];
  const direct = new Map<string, RedirectRule>();
  for (const entry of entries) {
    const match = VALUE.exec((entry.dimensionValue ?? entry.value).trim());
    const to = match?.[2] ? parseTarget(match[2]) : null;
    if (!entry.name.startsWith("/") || !match || !to) {
      rejected.push(`${entry.name} → ${entry.value}: not a path and an http(s) or rooted target`);
      continue;
    }
    const from = normaliseRulePath(entry.name);
    direct.set(from, { from, to, status: match[1] === "302" ? 302 : 301 });
  }

  const table: RedirectTable = new Map();
  for (const rule of direct.values()) {
    const seen = new Set([rule.from]);
    let target = rule.to;
    let loop = false;
    for (let next = sitePathOf(target, origin); next !== null; next = sitePathOf(target, origin)) {
      if (seen.has(next)) {
        loop = true;
        break;
      }
      const following = direct.get(next);
      if (!following) break;
      seen.add(next);
      target = following.to;
    }
    if (loop) rejected.push(`${rule.from} → ${rule.to}: redirect loop`);
    else table.set(rule.from, { ...rule, to: target });
  }
  return { table, rejected };
}

/**
 * The Location for a visitor's request, or null. Only the rule's target is ever written: the
 * visitor's path is just a lookup key, and their query string is kept only for same-site targets
 * that have none of their own.
 */
export function findRedirect(table: RedirectTable, url: URL): { location: string; status: 301 | 302 } | null {
  const rule = table.get(normaliseRulePath(url.pathname));
  if (!rule) return null;
  const keepQuery = rule.to.startsWith("/") && !rule.to.includes("?") && url.search !== "";
  return { location: keepQuery ? `${rule.to}${url.search}` : rule.to, status: rule.status };
}
