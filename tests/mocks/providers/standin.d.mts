export interface ProviderStandin {
  origin: string;
  requests(): string[];
  clear(): void;
  close(): Promise<void>;
}
export function startProviderStandin(port: number): Promise<ProviderStandin>;
