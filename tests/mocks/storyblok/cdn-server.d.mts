/** Types of `cdn-server.mjs`: the local stand-in for the Storyblok CDN API v2. */
export interface MockCdn {
  /** API base to configure as `STORYBLOK_API_BASE` (ends in `/v2`). */
  url: string;
  /** How many requests it answered. */
  stats: { requests: number };
  /** Serves `count` generated events per language besides the content directory's (and moves the cv). */
  setGeneratedEvents(count: number): void;
  close(): Promise<void>;
}

export function startMockCdn(options: {
  /** 0 or absent: a free port (`url` names it). */
  port?: number;
  contentDir: string;
  tokens: { public: string; preview: string };
  latencyMs?: number;
  /** Slugs starting with this prefix are answered with the home story (cold-cache benchmarks). */
  aliasPrefix?: string;
}): Promise<MockCdn>;
