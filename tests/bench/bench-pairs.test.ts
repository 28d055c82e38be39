import { describe, expect, it } from "vitest";
import { alternate, pairedSummary, warmThenRounds, type SliceResult } from "#scripts/bench-pairs.mjs";

/** A machine whose speed changes over time: each slice gets the next factor. */
function machine(factors: number[], perSecond: Record<string, number>) {
  const order: string[] = [];
  let slice = 0;
  const measure = (target: string): Promise<SliceResult> => {
    order.push(target);
    const factor = factors[slice++] ?? 1;
    return Promise.resolve({ requests: perSecond[target]! * factor, seconds: 1, p99: 10 * slice, errors: 0 });
  };
  return { order, measure };
}

describe("npm run bench's comparison with the starter", () => {
  it("alternates the two targets slice by slice and totals each one's slices", async () => {
    const { order, measure } = machine([1, 1, 0.5, 0.5, 1, 1], { site: 80, starter: 100 });
    const [site, starter] = await alternate(measure, "site", "starter", 3);
    expect(order).toEqual(["site", "starter", "site", "starter", "site", "starter"]);
    // A slow stretch of the machine (the middle slices) slows both alike: the ratio stays 0.8.
    expect(site.rps).toBeCloseTo((80 + 40 + 80) / 3);
    expect(starter.rps).toBeCloseTo((100 + 50 + 100) / 3);
    expect(site.rps / starter.rps).toBeCloseTo(0.8);
    expect(site.p99).toBe(50);
    expect(starter.p99).toBe(60);
  });

  it("a page's ratio is the median of the rounds' own ratios, not a ratio of medians from different rounds", () => {
    const rounds = [
      { site: { rps: 40, p99: 300, errors: 0 }, starter: { rps: 50, p99: 250, errors: 0 } },
      { site: { rps: 80, p99: 200, errors: 0 }, starter: { rps: 100, p99: 150, errors: 1 } },
      { site: { rps: 72, p99: 210, errors: 0 }, starter: { rps: 90, p99: 160, errors: 0 } },
    ];
    const summary = pairedSummary(rounds);
    // Each round says 0.8.
    expect(summary.ratio).toBeCloseTo(0.8);
    expect(summary.rps).toBe(72);
    expect(summary.starterRps).toBe(90);
    expect(summary.p99).toBe(210);
    expect(summary.errors).toBe(1);

    const skewed = pairedSummary([
      { site: { rps: 40, p99: 0, errors: 0 }, starter: { rps: 50, p99: 0, errors: 0 } },
      { site: { rps: 60, p99: 0, errors: 0 }, starter: { rps: 120, p99: 0, errors: 0 } },
      { site: { rps: 80, p99: 0, errors: 0 }, starter: { rps: 100, p99: 0, errors: 0 } },
    ]);
    // Ratio of medians would be 60 / 100 = 0.60; the rounds say 0.8, 0.5, 0.8.
    expect(skewed.ratio).toBeCloseTo(0.8);
  });
});

describe("npm run bench's and npm run profile's rounds", () => {
  /**
   * Two Workers whose engines are still optimising: a process's first 1,000 requests cost more
   * CPU each (the site's large render code more than the starter's), whatever URL they are for.
   * A slice serves 500 requests; answers the CPU per request of a slice.
   */
  function warmingMachine() {
    const processes = {
      site: { served: 0, compiling: 1, cost: { "/es/": 1.2, "/en/about/": 1.2 } as Record<string, number> },
      starter: { served: 0, compiling: 0.2, cost: { "/": 1 } as Record<string, number> },
    };
    const slice = (url: string) => {
      const process = url in processes.site.cost ? processes.site : processes.starter;
      const perRequest = process.cost[url]! + (process.served < 1000 ? process.compiling : 0);
      process.served += 500;
      return perRequest;
    };
    const measureOnce = async (pages: string[], warmUp: (url: string) => Promise<void>) => {
      const ratios = new Map<string, number>();
      await warmThenRounds({
        urls: [...pages, "/"],
        warmUp,
        rounds: 1,
        round: async () => {
          for (const page of pages) ratios.set(page, slice(page) / slice("/"));
        },
      });
      return ratios;
    };
    return { slice, measureOnce };
  }

  it("puts every URL under load before the first round, so the page measured first is not charged for the compiling", async () => {
    const pages = ["/es/", "/en/about/"];
    // Two slices' worth of load per URL, as the scripts' warm-up runs are.
    const warmed = warmingMachine();
    const ratios = await warmed.measureOnce(pages, async (url) => {
      warmed.slice(url);
      warmed.slice(url);
    });
    expect(ratios.get("/es/")).toBeCloseTo(1.2);
    expect(ratios.get("/en/about/")).toBeCloseTo(1.2);

    // The same machine after a few requests only (what the scripts did before): the first page pays.
    const cold = warmingMachine();
    const coldRatios = await cold.measureOnce(pages, async () => {});
    expect(coldRatios.get("/es/")).toBeGreaterThan(1.5);
  });
});
