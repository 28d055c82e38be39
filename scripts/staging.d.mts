/** Types of scripts/staging.mjs for the TypeScript specs that start a staging server. */
export declare const STAGING_SECRETS: {
  publicToken: string;
  previewToken: string;
  webhookSecret: string;
  spaceId: string;
};
export declare function startStaging(options: { state: string; sitePort: string }): Promise<{
  vars: Record<string, string>;
  token: string;
  close(): Promise<void>;
}>;
