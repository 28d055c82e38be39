/** Types of scripts/lighthouse-runs.mjs for its test. */
export declare function ownRequestsFailed(lhr: {
  finalDisplayedUrl?: string;
  requestedUrl?: string;
  audits?: { "network-requests"?: { details?: { items?: { url: string; statusCode: number }[] } } };
}): string[];
