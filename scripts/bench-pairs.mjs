// How `npm run bench` compares the site with the bare starter on a shared machine (docs/performance.md,
// "The event list's throughput"). Throughput there moves by ±40 % from one second to the next as
// other work comes and goes, so a ratio of two figures measured seconds apart says more about the
// machine than about the page. Each comparison therefore alternates short slices of the two
// targets over the same stretch of time, and a page's ratio is the median of those paired ratios.

/**
 * Puts every URL under load (`warmUp`) before the first round is measured, then runs `round(index)`
 * `rounds` times. A Worker's engine optimises the render code over its first few thousand
 * requests; without a full warm-up that compiling counted against whichever page was measured
 * first (in one run, the home page read 1.62× the starter's CPU measured first and 1.40× last;
 * the content page 1.31× first and 1.15× later).
 */
export async function warmThenRounds({ urls, warmUp, rounds, round }) {
  for (const url of urls) await warmUp(url);
  for (let index = 0; index < rounds; index += 1) await round(index);
}

/**
 * Measures `a` and `b` in `slices` alternating slices (a, b, a, b, …), each `measure(target)`
 * answering `{ requests, seconds, p99, errors }`; returns each target's totals over its slices.
 */
export async function alternate(measure, a, b, slices) {
  const totals = [a, b].map(() => ({ requests: 0, seconds: 0, p99: 0, errors: 0 }));
  for (let slice = 0; slice < slices; slice += 1) {
    for (const [index, target] of [a, b].entries()) {
      const result = await measure(target);
      const total = totals[index];
      total.requests += result.requests;
      total.seconds += result.seconds;
      total.p99 = Math.max(total.p99, result.p99);
      total.errors += result.errors;
    }
  }
  return totals.map(({ requests, seconds, p99, errors }) => ({ rps: requests / seconds, p99, errors }));
}

export const median = (list) => {
  const sorted = [...list].sort((x, y) => x - y);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

/**
 * One cell of the table from its rounds (`{ site, starter }` pairs from `alternate`): medians of
 * both throughputs and p99s, and the median of the rounds' own ratios (never the ratio of two
 * medians, whose numerator and denominator may come from different rounds).
 */
export function pairedSummary(rounds) {
  return {
    rps: median(rounds.map((round) => round.site.rps)),
    p99: median(rounds.map((round) => round.site.p99)),
    starterRps: median(rounds.map((round) => round.starter.rps)),
    starterP99: median(rounds.map((round) => round.starter.p99)),
    ratio: median(rounds.map((round) => round.site.rps / round.starter.rps)),
    errors: rounds.reduce((n, round) => n + round.site.errors + round.starter.errors, 0),
  };
}
