/** Types of scripts/capacity-model.mjs for its test. */
export type OpCounts = Record<string, Record<string, number>>;
export declare const PROFILE: { visitors: number; seconds: number; signIn: number; form: number; peak: number };
export declare const RUSH: Record<string, number>;
export interface Limit {
  limit: string;
  unit: string;
  value: number;
  demand: number | null;
  fix: string;
}
export declare function limitsAt(counts: OpCounts): Limit[];
export declare function countsTable(counts: OpCounts): string;
export declare function loadTable(counts: OpCounts): string;
export declare function withTables(doc: string, tables: Record<string, string>): string;
