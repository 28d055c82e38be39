/** Types of scripts/bench-pairs.mjs for its test. */
export interface SliceResult {
  requests: number;
  seconds: number;
  p99: number;
  errors: number;
}
export interface Throughput {
  rps: number;
  p99: number;
  errors: number;
}
export declare function alternate<T>(
  measure: (target: T) => Promise<SliceResult>,
  a: T,
  b: T,
  slices: number,
): Promise<[Throughput, Throughput]>;
export declare function median(list: number[]): number;
export declare function pairedSummary(rounds: { site: Throughput; starter: Throughput }[]): {
  rps: number;
  p99: number;
  starterRps: number;
  starterP99: number;
  ratio: number;
  errors: number;
};
export declare function warmThenRounds(options: {
  urls: string[];
  warmUp: (url: string) => Promise<unknown>;
  rounds: number;
  round: (index: number) => Promise<unknown>;
}): Promise<void>;
