/*
 * Plain checks for reading attributes at render time. The server validated the document with valibot;
 * the browser only reads attributes, so these small guards keep valibot out of its bundle.
 */

import type { Blok } from "#app/lib/content-types.ts";

/** A non-null object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What `v.nullish(v.string())` accepts: a string, null or undefined. */
export function isOptionalString(value: unknown): value is string | null | undefined {
  return value == null || typeof value === "string";
}

/** What `BlokSchema` accepts: an object with a string `component` and `_uid` (the server's block walk uses it too). */
export function isBlok(value: unknown): value is Blok {
  return isRecord(value) && typeof value.component === "string" && typeof value._uid === "string";
}
