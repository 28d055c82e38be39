export interface ProviderStandin {
  origin: string;
  requests(): string[];
  clear(): void;
  close(): Promise<void>;
}
/** Listens on `port`, or on a free one when it is 0 (the default); `origin` says which. */
export function startProviderStandin(port?: number): Promise<ProviderStandin>;
