/** Types of scripts/lighthouse-runs.mjs for its test. */
export declare function ownRequestsFailed(lhr: {
  finalDisplayedUrl?: string;
  requestedUrl?: string;
  audits?: { "network-requests"?: { details?: { items?: { url: string; statusCode: number }[] } } };
}): string[];
export declare function paintHeldBack(lhr: {
  audits?: {
    metrics?: { details?: { items?: { observedFirstContentfulPaint?: number; observedLoad?: number }[] } };
  };
}): boolean;
