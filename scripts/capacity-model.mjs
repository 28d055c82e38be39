// The capacity model behind `npm run capacity` and docs/capacity.md: the on-sale profile, the
// published limits, and the two tables (operations per request type, and what the profile asks of
// each limit) computed from the measured counts (tests/capacity/counts.json). Shared by the script,
// which prints the tables and writes them into the page, and by the test that holds the page to them.

/** The on-sale rush: 1 million visitors in 10 minutes, 20 % signing in, 5 % sending a form. */
export const PROFILE = { visitors: 1_000_000, seconds: 600, signIn: 0.2, form: 0.05, peak: 3 };
const V = PROFILE.visitors;
/**
 * Requests of each type in the whole rush. Per visitor: the event page as landing page (95 % from
 * the edge page cache, 5 % missing it), one event list with filters (always a miss: filters vary), two client navigations (`.data`) and one
 * consent decision (every visitor is new); a signed-in visitor exchanges one token and opens two
 * member pages; forms split 40/30/20/10 between newsletter, contact, refund and hospitality. Per
 * rush: 10 publishes from the editors, 1,000 ticket imports of 100 tickets, and a first request in
 * each of 300 data centres' isolates after the start and after each publish.
 */
export const RUSH = {
  "public page, cached": 0.95 * V,
  "public page, uncached": 0,
  "public page, page cache miss": 0.05 * V,
  "public page, uncached, new isolate": 300 * 11,
  "page data (.data)": 2 * V,
  "event list with filters": 0,
  "event list with filters, page cache miss": 1 * V,
  "member page": 2 * PROFILE.signIn * V,
  "sign-in exchange": PROFILE.signIn * V,
  "form: newsletter": 0.4 * PROFILE.form * V,
  "form: contact": 0.3 * PROFILE.form * V,
  "form: refund request (with a document)": 0.2 * PROFILE.form * V,
  "form: hospitality": 0.1 * PROFILE.form * V,
  consent: 1 * V,
  "Storyblok webhook": 10,
  "tickets import (100 tickets)": 1_000,
  "consent proofs, queue consumer (per batch of 100)": V / 100,
  "form delivery, queue consumer (per message)": PROFILE.form * V,
};

/**
 * The limits, each with the demand the profile puts on it (from `counts`: operations per request
 * type), its source and the fix when the demand passes 10 %. Sources:
 * developers.cloudflare.com/{workers,kv,d1,queues}/platform/limits/,
 * storyblok.com/docs/api/content-delivery/v2/getting-started/rate-limit, firebase.google.com/docs/auth/limits.
 * @param {Record<string, Record<string, number>>} counts
 */
export function limitsAt(counts) {
  for (const name of Object.keys(counts)) if (!(name in RUSH)) throw new Error(`no traffic for "${name}" in RUSH`);
  /** Operations per second at the peak (PROFILE.peak times the rush's average second). */
  const perSecond = (select) =>
    (Object.entries(counts).reduce((sum, [name, ops]) => sum + select(name, ops) * RUSH[name], 0) / PROFILE.seconds) *
    PROFILE.peak;
  const sumOf = (ops, names) => names.reduce((n, op) => n + (ops[op] ?? 0), 0);
  const isForm = (name) => name.startsWith("form: ");
  const rushRequests = Object.entries(RUSH)
    .filter(([name]) => !name.includes("queue consumer"))
    .reduce((n, [, requests]) => n + requests, 0);
  const d1RoundTrips = perSecond((_, ops) => ops["d1.batch"] ?? sumOf(ops, ["d1.read", "d1.write"]));
  const memberReads = counts["member page"]?.["d1.read"] ?? 0;
  const memberShare = Math.round(
    (100 * perSecond((name) => (name === "member page" ? memberReads : 0))) / d1RoundTrips,
  );
  return [
    {
      limit: "D1: round trips to the one database (one query at a time: ≈1,000/s at 1 ms each; a batch is one)",
      unit: "round trips/s",
      value: 1_000,
      demand: d1RoundTrips,
      fix: `member pages (${memberReads} reads each, ${memberShare} % of the demand) read through D1 read replication (\`withSession\`, replicas take reads off the primary) or a per-member KV copy of profile and tickets written on change; what remains is writes (next row)`,
    },
    {
      limit: "D1: round trips that write (only the primary writes; the member pages' reads left out)",
      unit: "round trips/s",
      value: 1_000,
      demand: perSecond((_, ops) => (ops["d1.write"] ? (ops["d1.batch"] ?? ops["d1.write"]) : 0)),
      fix: "consent proofs go 100 to a D1 batch (10,000 round trips instead of 1,000,000); next, the delivery consumer's updates batched the same way (−45 %); beyond: a D1 database per concern (docs/capacity.md)",
    },
    {
      limit: "Queues: messages per second on the consent queue",
      unit: "messages/s",
      value: 5_000,
      demand: perSecond((name, ops) => (name === "consent" ? (ops["queue.send"] ?? 0) : 0)),
      fix: "next factor of ten: several consent queues chosen by a hash of the proof id, or proofs gathered in a Durable Object and sent 100 to a message",
    },
    {
      limit: "Queues: messages per second on the form delivery queue",
      unit: "messages/s",
      value: 5_000,
      demand: perSecond((name, ops) => (isForm(name) ? (ops["queue.send"] ?? 0) : 0)),
      fix: "",
    },
    {
      limit: "KV: writes to one key (the busiest key: the content version a publish writes)",
      unit: "writes/s",
      value: 1,
      demand: perSecond((name) => (name === "Storyblok webhook" ? 1 : 0)),
      fix: "",
    },
    {
      limit:
        "Workers / KV: calls to storage and subrequests per invocation (the busiest request type; a D1 batch is one)",
      unit: "per request",
      value: 1_000,
      demand: Math.max(
        ...Object.values(counts).map(
          (ops) =>
            Object.entries(ops).reduce((n, [op, k]) => n + (op.startsWith("d1.") && op !== "d1.batch" ? 0 : k), 0) +
            (ops["d1.batch"] ? 0 : sumOf(ops, ["d1.read", "d1.write"])),
        ),
      ),
      fix: "",
    },
    {
      limit: "D1: queries per invocation (the largest tickets import, 500 tickets, is 5 times the measured 100)",
      unit: "per request",
      value: 1_000,
      demand: 5 * (counts["tickets import (100 tickets)"]?.["d1.write"] ?? 0),
      fix: "the import's limit of 500 tickets a request keeps it at half; a larger feed is sent in several requests",
    },
    {
      limit: "Workers Free: requests per day (the rush alone)",
      unit: "requests",
      value: 100_000,
      demand: rushRequests,
      fix: `Workers Paid (no daily limit): the rush is about ${(rushRequests / 1e6).toFixed(1)} million requests, ${Math.round(rushRequests / 100_000)} times the free plan's day`,
    },
    {
      limit: "Storyblok CDN: uncached reads (single stories, small listings)",
      unit: "requests/s",
      value: 50,
      demand: perSecond((_, ops) => ops["fetch.storyblok"] ?? 0),
      fix: "",
    },
    {
      limit: "Firebase Auth (Spark): daily active users",
      unit: "users/day",
      value: 3_000,
      demand: PROFILE.signIn * V,
      fix: "the Blaze plan (Identity Platform billing, no DAU cap) before the on-sale; sign-ins are browser calls to Firebase, the Worker only verifies tokens with cached keys (0 calls per exchange)",
    },
    {
      limit: "Firebase Auth: new accounts per IP address (shared mobile-carrier IPs)",
      unit: "accounts/hour/IP",
      value: 100,
      demand: null,
      fix: "a rush of registrations behind one carrier NAT can hit it: ask Firebase for a scheduled increase before the on-sale",
    },
  ];
}

const fmt = (n) =>
  n >= 100 ? Math.round(n).toLocaleString("en-US") : n >= 10 ? n.toFixed(0) : n.toFixed(2).replace(/\.?0+$/, "");

/** @param {Record<string, Record<string, number>>} counts */
export function countsTable(counts) {
  const OPS = [...new Set(Object.values(counts).flatMap((ops) => Object.keys(ops)))];
  const lines = [`| request type | ${OPS.join(" | ")} |`, `| --- | ${OPS.map(() => "---:").join(" | ")} |`];
  for (const [name, ops] of Object.entries(counts))
    lines.push(`| ${name} | ${OPS.map((op) => ops[op] ?? "").join(" | ")} |`);
  return lines.join("\n");
}

/** @param {Record<string, Record<string, number>>} counts */
export function loadTable(counts) {
  const lines = [
    "| limit | demand at the peak | limit | share | what is done about it |",
    "| --- | ---: | ---: | ---: | --- |",
  ];
  for (const row of limitsAt(counts)) {
    const share = row.demand === null ? null : row.demand / row.value;
    const flag =
      share === null
        ? "unknown"
        : share > 1
          ? `**${(share * 100).toFixed(0)} %, over**`
          : `${(share * 100).toFixed(1)} %`;
    const needsFix = share === null || share > 0.1;
    if (needsFix && !row.fix) throw new Error(`"${row.limit}" is over 10 % of its limit and names no fix`);
    lines.push(
      `| ${row.limit} | ${row.demand === null ? "—" : `${fmt(row.demand)} ${row.unit}`} | ${fmt(row.value)} | ${flag} | ${needsFix ? row.fix : "under 10 %"} |`,
    );
  }
  return lines.join("\n");
}

/**
 * `doc` with each table put between its markers (`<!-- capacity:<name> -->` and
 * `<!-- /capacity:<name> -->`, empty or not); a missing marker is an error, never a silent no-op.
 * @param {string} doc
 * @param {Record<string, string>} tables
 */
export function withTables(doc, tables) {
  return Object.entries(tables).reduce((text, [name, table]) => {
    const section = new RegExp(`(<!-- capacity:${name} -->\\n)[\\s\\S]*?(<!-- /capacity:${name} -->)`);
    if (!section.test(text)) throw new Error(`no <!-- capacity:${name} --> … <!-- /capacity:${name} --> in the page`);
    return text.replace(section, (_, open, close) => `${open}${table}\n${close}`);
  }, doc);
}
